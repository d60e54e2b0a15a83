import { useCompanies } from '#web/lib/api/list-companies';
import { useVerificationStatus } from '#web/lib/api/verification-status';
import { useSession } from '#web/lib/session';
import { useSetupProgress } from './api/setup-progress';
import { PhoneVerificationPrompt } from './components/phone-verification-prompt';
import { QuickTips } from './components/quick-tips';
import { YourCompanies } from './components/your-companies';
import { DashboardHeader } from './dashboard-header';

export function DashboardPage() {
  const { user } = useSession();
  const { companies, isLoading, error, retry } = useCompanies();
  // The stored user's flag until the server answers, so the first step never waits.
  const { isVerified } = useVerificationStatus();
  const companiesKnown = !isLoading && !error;
  const progress = useSetupProgress(companiesKnown ? companies : undefined);
  return (
    <>
      <DashboardHeader firstName={user?.firstName} />
      <div className="space-y-10">
        <QuickTips
          firstCompanyId={companies[0]?._id}
          steps={{
            phoneVerified: isVerified,
            companyAdded: companiesKnown ? companies.length > 0 : undefined,
            platformConnected: progress?.platformConnected,
            campaignCreated: progress?.campaignCreated,
          }}
        />
        <YourCompanies companies={companies} isLoading={isLoading} error={error} onRetry={retry} />
      </div>
      <PhoneVerificationPrompt />
    </>
  );
}
