import {
  forumCategorySchema,
  type CreateCategoryBody,
  type ForumCategory,
} from '#shared/contract/forum';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { parsed } from './answer-format';

const route = apiRoute('POST /forum/categories');

export const createCategory = (body: CreateCategoryBody): Promise<ForumCategory> =>
  callApi(route, { body }).then(parsed(forumCategorySchema));
