import type { GeneratedContent } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { COMPANY_POSTS_KEY } from './calendar-cache';

const route = apiRoute('GET /companies/{companyId}/posts');

export const CALENDAR_REFRESH_MS = 60_000;

/** The API's largest page: a week or a month of posts is one call, most of the time. */
const PAGE_SIZE = 100;

export interface PostWindow {
  /** UTC ISO instants: `from` included, `to` not. */
  from: string;
  to: string;
}

export const companyPostsKey = (companyId: string, { from, to }: PostWindow) =>
  [COMPANY_POSTS_KEY, companyId, from, to] as const;

/** Every scheduled, published and failed post of the company in the window, following the pages. */
export const fetchCompanyPosts = async (
  companyId: string,
  { from, to }: PostWindow,
): Promise<GeneratedContent[]> => {
  const posts: GeneratedContent[] = [];
  let cursor: string | undefined;
  do {
    const page = await callApi(route, {
      params: { companyId },
      query: { from, to, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    });
    posts.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return posts;
};

/**
 * The company's posts of every campaign in a window of its calendar. While another window loads,
 * the last one stays on screen; a failure is said where the calendar stands (no toast).
 */
export const useCompanyPosts = (companyId: string | undefined, window: PostWindow | null) => {
  const { data, error, isLoading, isValidating, mutate } = useQuery(
    companyId && window ? companyPostsKey(companyId, window) : null,
    () => fetchCompanyPosts(companyId!, window!),
    // Posts go out and fail while the calendar is open: it reads its window again each minute.
    { keepPreviousData: true, refreshInterval: CALENDAR_REFRESH_MS },
  );
  return {
    posts: data,
    isLoading,
    /** Another window than the one shown is loading. */
    isChanging: isValidating && data !== undefined,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
