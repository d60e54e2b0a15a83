import type { Campaign } from '#shared/contract/campaigns';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /campaigns/{id}');

/**
 * The campaigns the calendar's posts belong to (their names, schedules and media, which the Move
 * and Request Changes dialogs need), read together; a company has a handful of them.
 */
export const usePostCampaigns = (campaignIds: readonly string[]) => {
  const ids = [...new Set(campaignIds)].sort();
  const { data } = useQuery(
    ids.length ? ['calendar-campaigns', ...ids] : null,
    async () => {
      // A campaign deleted meanwhile is left out: its posts show without its name.
      const reads = await Promise.allSettled(ids.map((id) => callApi(route, { params: { id } })));
      const campaigns = reads.flatMap((read) => (read.status === 'fulfilled' ? [read.value] : []));
      return new Map<string, Campaign>(campaigns.map((campaign) => [campaign._id, campaign]));
    },
    { keepPreviousData: true },
  );
  return data ?? new Map<string, Campaign>();
};
