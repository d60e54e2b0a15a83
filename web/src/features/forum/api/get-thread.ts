import { useCallback } from 'react';
import useSWRInfinite from 'swr/infinite';
import {
  forumThreadPageSchema,
  type ForumPost,
  type ForumThread,
  type ForumThreadPage,
} from '#shared/contract/forum';
import { FORUM_POSTS_PAGE_SIZE } from '#shared/domain/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { QUERY_DEFAULTS } from '#web/lib/query';
import { parsed } from './answer-format';
import { FORUM_KEYS } from './forum-cache';

const route = apiRoute('GET /forum/threads/{id}');

export const threadPageKey = (threadId: string, cursor: string | undefined) =>
  [FORUM_KEYS.thread, threadId, cursor ?? ''] as const;

export const fetchThreadPage = (
  threadId: string,
  cursor: string | undefined,
): Promise<ForumThreadPage> =>
  callApi(route, {
    params: { id: threadId },
    query: { limit: FORUM_POSTS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  }).then(parsed(forumThreadPageSchema));

/** The pages read so far with one thread put in place of the thread they carry. */
export const withThread = (pages: ForumThreadPage[], thread: ForumThread): ForumThreadPage[] =>
  pages.map((page) => ({ ...page, thread }));

/** The pages read so far with one reply put in place of the same reply. */
export const withPost = (pages: ForumThreadPage[], post: ForumPost): ForumThreadPage[] =>
  pages.map((page) => ({
    ...page,
    data: page.data.map((shown) => (shown._id === post._id ? post : shown)),
  }));

/**
 * The pages with a new reply: at the end of the last page when that page is the thread's end
 * (otherwise it arrives with the page it falls in), and counted on the thread either way.
 */
export const withNewPost = (pages: ForumThreadPage[], post: ForumPost): ForumThreadPage[] =>
  pages.map((page, index) => ({
    ...page,
    thread: { ...page.thread, posts: page.thread.posts + 1, lastActivityAt: post.createdAt },
    data: index === pages.length - 1 && page.nextCursor === null ? [...page.data, post] : page.data,
  }));

/**
 * A thread with its opening post and its replies, oldest first, a page at a time: `showMore`
 * reads the next page below the ones shown. `update` changes what is shown to what a write
 * answered, without reading again.
 */
export const useThread = (threadId: string | undefined) => {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite(
    (index: number, previous: ForumThreadPage | null) => {
      if (!threadId) return null;
      if (index === 0) return threadPageKey(threadId, undefined);
      return previous?.nextCursor ? threadPageKey(threadId, previous.nextCursor) : null;
    },
    ([, id, cursor]: ReturnType<typeof threadPageKey>) => fetchThreadPage(id, cursor || undefined),
    { ...QUERY_DEFAULTS, revalidateFirstPage: false },
  );
  const update = useCallback(
    async (change: (pages: ForumThreadPage[]) => ForumThreadPage[]): Promise<void> => {
      await mutate((pages) => (pages ? change(pages) : pages), { revalidate: false });
    },
    [mutate],
  );
  const last = data?.at(-1);
  return {
    /** The thread as the newest page read has it. */
    thread: last?.thread,
    posts: data?.flatMap((page) => page.data),
    error: data ? undefined : (error as unknown),
    isLoading,
    hasMore: Boolean(last?.nextCursor),
    loadingMore: isValidating && data !== undefined && size > data.length,
    showMore: () => void setSize(size + 1),
    retry: () => void mutate(),
    update,
  };
};
