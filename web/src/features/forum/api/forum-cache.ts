import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** Every read of the forum is cached under a key that starts with one of these. */
export const FORUM_KEYS = {
  categories: 'forum/categories',
  categoryChoices: 'forum/categories/simple',
  category: 'forum/category',
  topThreads: 'forum/threads/top',
  thread: 'forum/thread',
} as const;

const FORUM_KEY_NAMES: readonly string[] = Object.values(FORUM_KEYS);

/** SWR hands the filter each read's own key (useSWRInfinite's pages too, one key a page). */
const isForumKey = (key: unknown): boolean =>
  Array.isArray(key) && typeof key[0] === 'string' && FORUM_KEY_NAMES.includes(key[0]);

/**
 * After a write (a thread, a reply, a vote, a category): every forum list is read again where it
 * shows, and on its next visit elsewhere; the screen that wrote keeps what the server answered.
 */
export const useForumRefresh = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    (except?: (key: unknown) => boolean) => {
      void mutate((key) => isForumKey(key) && !except?.(key));
    },
    [mutate],
  );
};
