import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { planUsageKey } from '#web/lib/api/plan-usage';

/** Every page and filter of a campaign's content list is cached under a key starting with these. */
export const CONTENT_LIST_KEY = 'campaign-content';

const isContentListOf = (campaignId: string) => (key: unknown) =>
  Array.isArray(key) && key[0] === CONTENT_LIST_KEY && key[1] === campaignId;

/**
 * After a post is generated or reviewed: the campaign's content list (every page and filter) and
 * the company's plan usage (generations left today) are read again.
 */
export const useContentCache = () => {
  const { mutate } = useSWRConfig();
  const refreshContent = useCallback(
    (campaignId: string, companyId: string) => {
      void mutate(isContentListOf(campaignId));
      void mutate(planUsageKey(companyId));
    },
    [mutate],
  );
  return { refreshContent };
};

/**
 * A call that changes a campaign's content, as a hook: its answer comes back once the content
 * list and the plan usage are being read again. `write` must not change between renders (a
 * module's function).
 */
export const useContentWrite = <TArgs extends unknown[], TAnswer>(
  write: (campaignId: string, ...args: TArgs) => Promise<TAnswer>,
) => {
  const { refreshContent } = useContentCache();
  return useCallback(
    async (campaignId: string, companyId: string, ...args: TArgs): Promise<TAnswer> => {
      const answer = await write(campaignId, ...args);
      refreshContent(campaignId, companyId);
      return answer;
    },
    [write, refreshContent],
  );
};
