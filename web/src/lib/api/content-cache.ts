import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { planUsageKey } from '#web/lib/api/plan-usage';

/** Every page and filter of a campaign's content list is cached under a key starting with these. */
export const CONTENT_LIST_KEY = 'campaign-content';
/** One post read on its own (a post that left the list shown) is cached under these. */
export const CONTENT_POST_KEY = 'campaign-content-post';

const isContentOf = (campaignId: string) => (key: unknown) =>
  Array.isArray(key) &&
  (key[0] === CONTENT_LIST_KEY || key[0] === CONTENT_POST_KEY) &&
  key[1] === campaignId;

/**
 * After a post is generated or reviewed: the campaign's content (every page and filter of the
 * list, and the posts read on their own) and the company's plan usage (generations left today)
 * are read again.
 */
export const useContentCache = () => {
  const { mutate } = useSWRConfig();
  const refreshContent = useCallback(
    (campaignId: string, companyId: string) => {
      void mutate(isContentOf(campaignId));
      void mutate(planUsageKey(companyId));
    },
    [mutate],
  );
  return { refreshContent };
};

/**
 * A call that changes a campaign's content, as a hook: once it has answered, the content and the
 * plan usage are read again — after a refusal too, which says the screen was behind (a post
 * reviewed in another tab or by text). `write` must not change between renders (a module's
 * function).
 */
export const useContentWrite = <TArgs extends unknown[], TAnswer>(
  write: (campaignId: string, ...args: TArgs) => Promise<TAnswer>,
) => {
  const { refreshContent } = useContentCache();
  return useCallback(
    async (campaignId: string, companyId: string, ...args: TArgs): Promise<TAnswer> => {
      try {
        return await write(campaignId, ...args);
      } finally {
        refreshContent(campaignId, companyId);
      }
    },
    [write, refreshContent],
  );
};
