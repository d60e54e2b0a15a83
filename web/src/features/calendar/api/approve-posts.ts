import type { PostApprovals } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /companies/{companyId}/posts/approve');

/** Approves each post on its own and answers what became of each, in the order asked. */
export const approvePosts = (companyId: string, contentIds: string[]): Promise<PostApprovals> =>
  callApi(route, { params: { companyId }, body: { contentIds } });
