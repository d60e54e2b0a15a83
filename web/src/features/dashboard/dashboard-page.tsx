import { PageTour } from '#web/components/tours/page-tour';
import { TourHelpButton } from '#web/components/tours/tour-help-button';
import { useCompanies } from '#web/lib/api/list-companies';
import { useVerificationStatus } from '#web/lib/api/verification-status';
import { useSession } from '#web/lib/session';
import { useSetupProgress } from './api/setup-progress';
import { PhoneVerificationPrompt, usePhonePrompt } from './components/phone-verification-prompt';
import { QuickTips } from './components/quick-tips';
import { YourCompanies } from './components/your-companies';
import { DashboardHeader } from './dashboard-header';
import { COMPANY_DASHBOARD_TOUR, DASHBOARD_TOUR } from './dashboard-tours';

export function DashboardPage() {
  const { user } = useSession();
  const { companies, isLoading, error, retry } = useCompanies();
  // The stored user's flag until the server answers, so the first step never waits.
  const { isVerified } = useVerificationStatus();
  const companiesKnown = !isLoading && !error;
  const progress = useSetupProgress(companiesKnown ? companies : undefined);
  const phonePrompt = usePhonePrompt();
  const hasCompanies = companies.length > 0;
  const tour = companiesKnown ? (hasCompanies ? 'company-dashboard' : 'dashboard') : undefined;
  return (
    <>
      <DashboardHeader firstName={user?.firstName} help={<TourHelpButton tour={tour} />} />
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
      <PhoneVerificationPrompt prompt={phonePrompt} />
      <PageTour
        tour={tour}
        steps={hasCompanies ? COMPANY_DASHBOARD_TOUR : DASHBOARD_TOUR}
        // The verification prompt, when it opens, comes first.
        ready={companiesKnown && phonePrompt.open === false}
      />
    </>
  );
}
