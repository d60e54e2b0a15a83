import { forumCategorySchema, type ForumCategory } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { parsed } from './answer-format';
import { FORUM_KEYS } from './forum-cache';

const route = apiRoute('GET /forum/categories');

export const categoriesKey = [FORUM_KEYS.categories] as const;

export const fetchCategories = (): Promise<ForumCategory[]> =>
  callApi(route).then(parsed(forumCategorySchema.array()));

/** Every category in its order, with its thread count and latest activity. */
export const useCategories = () => {
  const { data, error, isLoading, mutate } = useQuery(categoriesKey, fetchCategories);
  return {
    categories: data,
    error: data ? undefined : (error as unknown),
    isLoading,
    retry: () => void mutate(),
  };
};
