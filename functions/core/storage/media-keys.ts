/**
 * Where a company's campaign media lives in the media bucket. Every object of a campaign is under
 * its prefix, so removing a campaign's files is one prefix deletion, and a company's under the
 * company's prefix. (Media of a post published now is elsewhere: `post-media/`.)
 *
 *   companies/{companyId}/campaigns/{campaignId}/{mediaId}.{ext}
 */
export const companyMediaPrefix = (companyId: string): string => `companies/${companyId}/`;

export const campaignMediaPrefix = (companyId: string, campaignId: string): string =>
  `${companyMediaPrefix(companyId)}campaigns/${campaignId}/`;
