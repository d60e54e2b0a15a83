import { forumCategoryChoiceSchema, type ForumCategoryChoice } from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { parsed } from './answer-format';
import { FORUM_KEYS } from './forum-cache';

const route = apiRoute('GET /forum/categories/simple');

export const categoryChoicesKey = [FORUM_KEYS.categoryChoices] as const;

export const fetchCategoryChoices = (): Promise<ForumCategoryChoice[]> =>
  callApi(route).then(parsed(forumCategoryChoiceSchema.array()));

/** The New Thread picker's categories (id, name, slug), in order. */
export const useCategoryChoices = () => {
  const { data, error, isLoading, mutate } = useQuery(categoryChoicesKey, fetchCategoryChoices);
  return { choices: data, failed: Boolean(error) && !data, isLoading, retry: () => void mutate() };
};
