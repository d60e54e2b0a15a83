import type { BestTimes } from '#shared/contract/performance';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { useQuery } from '../query';

const route = apiRoute('GET /companies/{companyId}/performance/best-times');

export const bestTimesKey = (companyId: string) => ['best-times', companyId] as const;

export const fetchBestTimes = (companyId: string): Promise<BestTimes> =>
  callApi(route, { params: { companyId } });

/**
 * The company's best time windows per platform with their evidence (the Performance page and the
 * campaign's schedule field). Only advice beside the schedule: a failure leaves it out there.
 */
export const useBestTimes = (companyId: string | undefined) => {
  const { data, error, isLoading, mutate } = useQuery(
    companyId ? bestTimesKey(companyId) : null,
    () => fetchBestTimes(companyId!),
    { shouldRetryOnError: false },
  );
  return {
    bestTimes: data,
    isLoading: isLoading && !data,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
