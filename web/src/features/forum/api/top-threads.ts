import { forumThreadSummarySchema, type ForumThreadSummary } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { parsed } from './answer-format';
import { FORUM_KEYS } from './forum-cache';

const route = apiRoute('GET /forum/threads/top');

export const topThreadsKey = [FORUM_KEYS.topThreads] as const;

export const fetchTopThreads = (): Promise<ForumThreadSummary[]> =>
  callApi(route).then(parsed(forumThreadSummarySchema.array()));

/** Top discussions: the most-voted open threads of the last 30 days. */
export const useTopThreads = () => {
  const { data, error, isLoading, mutate } = useQuery(topThreadsKey, fetchTopThreads);
  return {
    threads: data,
    error: data ? undefined : (error as unknown),
    isLoading,
    retry: () => void mutate(),
  };
};
