import type { CampaignSuggestions } from '#shared/contract/ai';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /ai/campaign-suggestions/{companyId}');

export const campaignSuggestionsKey = (companyId: string) =>
  ['ai-campaign-suggestions', companyId] as const;

export const fetchCampaignSuggestions = (companyId: string): Promise<CampaignSuggestions> =>
  callApi(route, { params: { companyId } });

/**
 * Campaign ideas for step one. They are a convenience: a failure leaves them out quietly (the
 * description is typed by hand as before). Read once per visit; they do not change meanwhile.
 */
export const useCampaignSuggestions = (companyId: string) => {
  const { data } = useQuery(
    campaignSuggestionsKey(companyId),
    () => fetchCampaignSuggestions(companyId),
    { revalidateIfStale: false, shouldRetryOnError: false },
  );
  return data?.suggestions;
};
