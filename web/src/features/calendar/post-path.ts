import type { GeneratedContent } from '#shared/contract/content';

/**
 * A post in its campaign: the campaign's page with its content list filtered to the post's
 * platform and status (where the post is listed) and scrolled to that list.
 */
export const postPath = (companyId: string, post: GeneratedContent): string => {
  const filters = new URLSearchParams({
    platform: post.metadata.params.platform,
    status: post.status,
  });
  return `/dashboard/company/${companyId}/campaigns/${post.campaignId}?${filters.toString()}#content`;
};
