import type { Performance } from '#shared/contract/performance';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /companies/{companyId}/performance');

export const performanceKey = (companyId: string, weeks: number) =>
  ['performance', companyId, String(weeks)] as const;

export const fetchPerformance = (companyId: string, weeks: number): Promise<Performance> =>
  callApi(route, { params: { companyId }, query: { weeks } });

/**
 * The company's Performance page: its weekly chart over `weeks`, top posts, campaigns and heat
 * map. Another span keeps the last one on screen while it loads; a failure is said on the page.
 */
export const usePerformance = (companyId: string | undefined, weeks: number) => {
  const { data, error, isLoading, isValidating, mutate } = useQuery(
    companyId ? performanceKey(companyId, weeks) : null,
    () => fetchPerformance(companyId!, weeks),
    { keepPreviousData: true },
  );
  return {
    performance: data,
    isLoading: isLoading && !data,
    isChanging: isValidating && data !== undefined,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
