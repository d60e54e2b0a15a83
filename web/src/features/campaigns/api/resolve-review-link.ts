import type { ReviewTarget } from '#shared/contract/content';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';

const route = apiRoute('GET /review-links/{code}');

export const reviewLinkKey = (code: string) => ['review-link', code] as const;

export const fetchReviewTarget = (code: string): Promise<ReviewTarget> =>
  callApi(route, { params: { code } });

/** Where a text's short review link leads (the caller's own link only); null asks nothing. */
export const useReviewTarget = (code: string | null) =>
  useQuery(code === null ? null : reviewLinkKey(code), () => fetchReviewTarget(code!), {
    // A missing link stays missing: asking again would only say so again.
    shouldRetryOnError: false,
  });

/** The page a review link opens: the post's campaign at its posts, else the company's campaigns. */
export const reviewTargetPath = ({ companyId, campaignId }: ReviewTarget): string =>
  campaignId
    ? `/dashboard/company/${companyId}/campaigns/${campaignId}#content`
    : `/dashboard/company/${companyId}/campaigns`;
