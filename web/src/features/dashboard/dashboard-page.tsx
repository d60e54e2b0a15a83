import { PageHeader } from '#web/components/page-header';
import { useCompanies } from '#web/lib/api/list-companies';
import { useSession } from '#web/lib/session';
import { PhoneVerificationPrompt } from './components/phone-verification-prompt';
import { QuickTips } from './components/quick-tips';
import { YourCompanies } from './components/your-companies';

const greeting = (hour: number) =>
  hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';

export function DashboardPage() {
  const { user } = useSession();
  const { companies, isLoading, error, retry } = useCompanies();
  return (
    <>
      <title>Dashboard · Sailpost</title>
      <PageHeader
        title={`${greeting(new Date().getHours())}${user ? `, ${user.firstName}` : ''}`}
        description="Here is where your companies, campaigns and drafts come together."
      />
      <div className="space-y-10">
        <QuickTips />
        <YourCompanies companies={companies} isLoading={isLoading} error={error} onRetry={retry} />
      </div>
      <PhoneVerificationPrompt />
    </>
  );
}
