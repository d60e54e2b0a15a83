import { useCompanies } from '#web/lib/api/list-companies';
import { useSession } from '#web/lib/session';
import { PhoneVerificationPrompt } from './components/phone-verification-prompt';
import { QuickTips } from './components/quick-tips';
import { YourCompanies } from './components/your-companies';
import { DashboardHeader } from './dashboard-header';

export function DashboardPage() {
  const { user } = useSession();
  const { companies, isLoading, error, retry } = useCompanies();
  return (
    <>
      <DashboardHeader firstName={user?.firstName} />
      <div className="space-y-10">
        <QuickTips />
        <YourCompanies companies={companies} isLoading={isLoading} error={error} onRetry={retry} />
      </div>
      <PhoneVerificationPrompt />
    </>
  );
}
