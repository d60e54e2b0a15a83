import toast from 'react-hot-toast';
import type { CampaignSummary } from '#shared/contract/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { isSessionEnded } from '#web/lib/error-text';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /campaigns/company/{companyId}');

/** Campaigns needed for the overview's counts and Recent Activity (one page of up to 100). */
const OVERVIEW_CAMPAIGN_LIMIT = 100;

export const companyCampaignsKey = (companyId: string) =>
  ['campaigns-by-company', companyId] as const;

export const fetchCompanyCampaigns = async (companyId: string): Promise<CampaignSummary[]> =>
  (await callApi(route, { params: { companyId }, query: { limit: OVERVIEW_CAMPAIGN_LIMIT } })).data;

const NONE: readonly CampaignSummary[] = [];

/** A company's campaigns (the newest 100); an empty list on failure, with a toast. */
export const useCompanyCampaigns = (companyId: string | undefined) =>
  useQuery(
    companyId ? companyCampaignsKey(companyId) : null,
    () => fetchCompanyCampaigns(companyId!),
    {
      onError: (failure: unknown) => {
        if (!isSessionEnded(failure))
          toast.error('Failed to load campaigns', { id: 'campaigns-load-failed' });
      },
    },
  ).data ?? NONE;
