import { randomInt } from 'node:crypto';
import type { ReviewTarget } from '#shared/contract/content';
import { PATH_ID_OWNERS, REVIEW_LINK_CODE_LENGTH } from '#shared/contract/route';
import type { Caller } from '../core/auth/authenticate';
import { reviewLinkEntity, type ReviewLinkRecord } from '../core/db/entities/review-link';
import { NotFound } from '../core/errors';
import { loadOwnedCampaign } from '../domain/ownership/owned-campaign';
import { loadOwnedCompany } from '../domain/ownership/owned-company';

/**
 * The short link a text carries (`/r/{code}`) instead of the campaign's long address: the web app
 * opens `/r/{code}` after sign-in and asks `GET /review-links/{code}` where it leads.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Ten characters drawn uniformly (crypto's randomInt) from the 62 letters and digits. */
export const newReviewLinkCode = (): string =>
  Array.from({ length: REVIEW_LINK_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(
    '',
  );

export const shortReviewLink = (appUrl: string, code: string): string => `${appUrl}/r/${code}`;

/** The posts a text is about, as its digest lists them. */
interface LinkedPost {
  companyId: string;
  campaignId: string;
  contentId: string;
}

/**
 * The link of a text about `posts` (one company's): to the post when there is one, to its
 * campaign when all are of one campaign, else to the company's campaigns.
 */
export const reviewLinkOf = (
  userId: string,
  posts: readonly [LinkedPost, ...LinkedPost[]],
  times: { createdAt: string; expiresAt: number },
): ReviewLinkRecord => {
  const [first] = posts;
  const oneCampaign = posts.every((post) => post.campaignId === first.campaignId);
  return {
    code: newReviewLinkCode(),
    userId,
    companyId: first.companyId,
    ...(oneCampaign ? { campaignId: first.campaignId } : {}),
    ...(posts.length === 1 ? { contentId: first.contentId } : {}),
    ...times,
  };
};

const notFound = () => new NotFound('REVIEW_LINK_NOT_FOUND', PATH_ID_OWNERS.reviewLink.message);

/**
 * Where the caller's link leads. Someone else's code, an expired one (DynamoDB's TTL removes items
 * only eventually) and one whose campaign or company is gone answer exactly like a missing one.
 */
export const resolveReviewLink = async (code: string, caller: Caller): Promise<ReviewTarget> => {
  const { data: link } = await reviewLinkEntity().get({ code }).go();
  if (!link || link.userId !== caller.userId || link.expiresAt <= Date.now() / 1000) {
    throw notFound();
  }
  try {
    if (link.campaignId) await loadOwnedCampaign(link.campaignId, caller);
    else await loadOwnedCompany(link.companyId, caller);
  } catch (error) {
    throw error instanceof NotFound ? notFound() : error;
  }
  return {
    companyId: link.companyId,
    campaignId: link.campaignId ?? null,
    contentId: link.contentId ?? null,
  };
};
