import type { BusinessNumbers } from '#shared/contract/admin';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /admin/business');

export interface BusinessRange {
  from: string;
  to: string;
}

export const businessNumbersKey = ({ from, to }: BusinessRange) =>
  ['admin', 'business', from, to] as const;

export const fetchBusinessNumbers = (range: BusinessRange): Promise<BusinessNumbers> =>
  callApi(route, { query: range });

/** The business's numbers over a range of days (admins only); none asked for while `range` is null. */
export const useBusinessNumbers = (range: BusinessRange | null) => {
  const { data, error, isLoading, mutate } = useQuery(
    range ? businessNumbersKey(range) : null,
    () => fetchBusinessNumbers(range!),
  );
  return {
    numbers: data,
    failed: !data && Boolean(error),
    isLoading,
    retry: () => void mutate(),
  };
};
