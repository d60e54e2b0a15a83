import type { GeneratedContent } from '#shared/contract/content';
import { BULK_APPROVE_MAX } from '#shared/domain/limits';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { COMPANY_DRAFTS_KEY } from './calendar-cache';
import { CALENDAR_REFRESH_MS } from './list-company-posts';

const route = apiRoute('GET /companies/{companyId}/posts/drafts');

export const companyDraftsKey = (companyId: string) => [COMPANY_DRAFTS_KEY, companyId] as const;

export interface DraftsWaiting {
  /** The oldest first, as many as one Approve all takes. */
  drafts: GeneratedContent[];
  /** More wait after these. */
  more: boolean;
}

/** The company's first posts waiting for review (one Approve all's worth). */
export const fetchCompanyDrafts = async (companyId: string): Promise<DraftsWaiting> => {
  const page = await callApi(route, { params: { companyId }, query: { limit: BULK_APPROVE_MAX } });
  return { drafts: page.data, more: page.nextCursor !== null };
};

/** The company's drafts waiting for review, of every campaign, oldest first. */
export const useCompanyDrafts = (companyId: string | undefined) => {
  const { data, error, isLoading, mutate } = useQuery(
    companyId ? companyDraftsKey(companyId) : null,
    () => fetchCompanyDrafts(companyId!),
    // Drafts arrive from the morning's generations and are reviewed by text meanwhile.
    { refreshInterval: CALENDAR_REFRESH_MS },
  );
  return { waiting: data, isLoading, failed: Boolean(error) && !data, retry: () => void mutate() };
};
