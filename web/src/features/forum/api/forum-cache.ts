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

const isForumKey = (key: unknown): boolean => {
  // useSWRInfinite keeps its pages under a "$inf$" key beside the pages' own.
  const first = Array.isArray(key) ? key[0] : key;
  return (
    typeof first === 'string' &&
    (FORUM_KEY_NAMES.includes(first) || FORUM_KEY_NAMES.some((name) => first.includes(name)))
  );
};

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
