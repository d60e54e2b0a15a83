import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';

/**
 * Every read of the app goes through here: one page of data per key, cached by SWR, retried once
 * and not refetched on window focus (the data changes only through the app). The defaults live
 * with the hook rather than in a
 * provider at the root, so SWR loads with the first screen that reads, not with the app shell.
 */
export const QUERY_DEFAULTS = {
  errorRetryCount: 1,
  revalidateOnFocus: false,
} as const satisfies SWRConfiguration;

/** An SWR key: null skips the read (e.g. no user yet). */
export type QueryKey = readonly [string, ...string[]] | string | null;

export const useQuery = <Data>(
  key: QueryKey,
  fetcher: () => Promise<Data>,
  options: SWRConfiguration<Data> = {},
): SWRResponse<Data> => useSWR<Data>(key, fetcher, { ...QUERY_DEFAULTS, ...options });
