import toast from 'react-hot-toast';
import type { CampaignList } from '#shared/contract/campaigns';
import { CAMPAIGN_TOASTS } from '#shared/domain/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { isSessionEnded } from '#web/lib/error-text';
import { useQuery } from '#web/lib/query';
import { CAMPAIGN_LIST_KEY } from './campaign-cache';

const route = apiRoute('GET /campaigns/company/{companyId}');

/** One page: `skip`/`limit` as the spec has them; `cursor` (from the page before) when known. */
export interface CampaignPage {
  skip: number;
  limit: number;
  cursor?: string;
}

export const campaignListKey = (companyId: string, { skip, limit, cursor }: CampaignPage) =>
  [CAMPAIGN_LIST_KEY, companyId, String(skip), String(limit), cursor ?? ''] as const;

export const fetchCampaignList = (
  companyId: string,
  { skip, limit, cursor }: CampaignPage,
): Promise<CampaignList> =>
  callApi(route, { params: { companyId }, query: { skip, limit, ...(cursor ? { cursor } : {}) } });

/**
 * One page of a company's campaigns, newest first. While the next page loads the last one stays
 * on screen. A failure toasts 'Failed to load campaigns' once; the screen says so inline.
 */
export const useCampaignList = (companyId: string | undefined, page: CampaignPage) => {
  const { data, error, isLoading, isValidating, mutate } = useQuery(
    companyId ? campaignListKey(companyId, page) : null,
    () => fetchCampaignList(companyId!, page),
    {
      keepPreviousData: true,
      onError: (failure: unknown) => {
        if (!isSessionEnded(failure)) {
          toast.error(CAMPAIGN_TOASTS.loadListFailed, { id: 'campaigns-load-failed' });
        }
      },
    },
  );
  return {
    list: data,
    isLoading,
    /** A page other than the one shown is loading. */
    isPaging: isValidating && data !== undefined && data.skip !== page.skip,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
