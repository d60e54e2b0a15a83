import { forumCategoryPageSchema, type ForumCategoryPage } from '#shared/contract/forum';
import { FORUM_THREADS_PAGE_SIZE } from '#shared/domain/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { parsed } from './answer-format';
import { FORUM_KEYS } from './forum-cache';

const route = apiRoute('GET /forum/categories/{slug}');

export const categoryPageKey = (slug: string, cursor: string | undefined) =>
  [FORUM_KEYS.category, slug, cursor ?? ''] as const;

export const fetchCategoryPage = (
  slug: string,
  cursor: string | undefined,
): Promise<ForumCategoryPage> =>
  callApi(route, {
    params: { slug },
    query: { limit: FORUM_THREADS_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
  }).then(parsed(forumCategoryPageSchema));

/**
 * A category and one page of its threads (pinned first, then by latest activity); `cursor` is
 * the one the page before answered. While another page loads, the one shown stays.
 */
export const useCategoryPage = (slug: string | undefined, cursor: string | undefined) => {
  const { data, error, isLoading, isValidating, mutate } = useQuery(
    slug ? categoryPageKey(slug, cursor) : null,
    () => fetchCategoryPage(slug!, cursor),
    { keepPreviousData: true },
  );
  return {
    page: data,
    error: data ? undefined : (error as unknown),
    isLoading,
    isValidating,
    retry: () => void mutate(),
  };
};
