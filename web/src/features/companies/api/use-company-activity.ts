import toast from 'react-hot-toast';
import useSWR from 'swr';
import { callApiLazily, type ApiContract } from '#web/lib/lazy-api';
import type { CampaignSummary, PlatformConnection } from '../recent-activity';
import { isSessionEnded } from './messages';

const NONE: readonly never[] = [];

/** Campaigns needed for the overview's counts and Recent Activity (one page of up to 100). */
const OVERVIEW_CAMPAIGN_LIMIT = 100;

/**
 * What the company overview shows besides the company: its connected platforms
 * (GET /companies/{id}/platform-credentials, "a list; empty on error") and its campaigns
 * (GET /campaigns/company/{id}). Both fail soft to empty lists with the spec's toasts.
 */
export const useCompanyActivity = (companyId: string | undefined) => {
  const platforms = useSWR(
    companyId ? ['platform-credentials', companyId] : null,
    ([, id]) =>
      callApiLazily((contract) => contract.platforms.listCredentials, {
        params: { companyId: id },
        fallbackMessage: 'Failed to load platform connections',
      }),
    {
      onError: (failure: unknown) => {
        if (!isSessionEnded(failure))
          toast.error('Failed to load platform connections', { id: 'platforms-load-failed' });
      },
    },
  );
  const campaigns = useSWR(
    companyId ? ['campaigns-by-company', companyId] : null,
    ([, id]) =>
      callApiLazily((contract: ApiContract) => contract.campaigns.listForCompany, {
        params: { companyId: id },
        query: { limit: OVERVIEW_CAMPAIGN_LIMIT },
        fallbackMessage: 'Failed to load campaigns',
      }),
    {
      onError: (failure: unknown) => {
        if (!isSessionEnded(failure))
          toast.error('Failed to load campaigns', { id: 'campaigns-load-failed' });
      },
    },
  );
  return {
    connectedPlatforms: (platforms.data ?? NONE) as readonly PlatformConnection[],
    campaigns: (campaigns.data?.data ?? NONE) as readonly CampaignSummary[],
  };
};
