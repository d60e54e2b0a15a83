import type { Logger } from '@aws-lambda-powertools/logger';
import { isRealPhone } from '#shared/contract/fields';
import { firstWords } from '#shared/domain/first-words';
import { DRAFT_TEXT_SEGMENTS } from '#shared/domain/limits';
import type { DraftTextOutcome } from '#shared/domain/content';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import { resolveAppUrl } from '../core/app-url';
import { contentEntity } from '../core/db/entities/content';
import { reviewLinkEntity } from '../core/db/entities/review-link';
import { SMS_DIGEST_DAYS } from '#shared/domain/limits';
import { smsDigestEntity } from '../core/db/entities/sms-digest';
import { userEntity } from '../core/db/entities/user';
import { TransactionCancelled, writeTransaction } from '../core/db/transaction';
import { smsSegments } from '../integrations/sms/sms-segments';
import { SmsOptedOutError } from '../integrations/sms/sms-sender';
import { sendTextNowOrLater } from '../integrations/sms/text-later';
import { reviewLinkOf, shortReviewLink } from './review-links';

export interface DigestItem {
  number: number;
  companyId: string;
  campaignId: string;
  contentId: string;
  platform: PlatformId;
  campaignName: string;
  text: string;
  /** A post that failed to publish: why, in the owner's words. */
  reason?: string;
}

/**
 * New drafts, the new version of a post the owner asked (by text) to revise, or a post that could
 * not be published (answered with RETRY or SKIP).
 */
export type DigestKind = 'new' | 'revised' | 'failed';

/** The campaign's posts in the app: the link of a text sent before texts had short links. */
export const campaignContentLink = (
  appUrl: string,
  item: Pick<DigestItem, 'companyId' | 'campaignId'>,
) => `${appUrl}/dashboard/company/${item.companyId}/campaigns/${item.campaignId}#content`;

/** The fewest characters a cut quote keeps: enough to recognise the post. */
export const QUOTE_MIN_CHARACTERS = 40;

type Quote = (post: string) => string;

/**
 * The text `compose` makes with each post quoted whole, when that stays within
 * DRAFT_TEXT_SEGMENTS; otherwise with every post cut at a word to one length, the longest that
 * keeps the text within as few segments as it can take (two, unless the rest of the text and the
 * shortest quotes already need more). The encoding is the whole text's: a cut before a post's
 * emoji can keep the text in GSM-7, where a segment holds more than twice as much.
 */
const fitQuotes = (posts: readonly string[], compose: (quote: Quote) => string): string => {
  const whole = compose((post) => firstWords(post, Number.POSITIVE_INFINITY));
  if (smsSegments(whole).segments <= DRAFT_TEXT_SEGMENTS) return whole;
  const cutTo = (max: number): { text: string; segments: number } => {
    // "..." keeps a GSM-7 text in GSM-7; in a UCS-2 text the one character "…" costs less.
    const gsm = compose((post) => firstWords(post, max, '...'));
    const size = smsSegments(gsm);
    if (size.encoding === 'gsm-7') return { text: gsm, segments: size.segments };
    const ucs = compose((post) => firstWords(post, max));
    return { text: ucs, segments: smsSegments(ucs).segments };
  };
  const shortest = cutTo(QUOTE_MIN_CHARACTERS);
  const budget = Math.max(DRAFT_TEXT_SEGMENTS, shortest.segments);
  // The longest cut within the budget: fewer characters never take more segments (but for
  // a word boundary here or there, which the search may miss by a word).
  let fits = shortest.text;
  let low = QUOTE_MIN_CHARACTERS + 1;
  let high = Math.max(...posts.map((post) => [...post].length));
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const attempt = cutTo(middle);
    if (attempt.segments <= budget) {
      fits = attempt.text;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return fits;
};

/**
 * The text announcing drafts, numbered as the digest stores them, with how to answer: `n YES`,
 * `n NO`, or `n` and the changes wanted. Each post is quoted whole when the text stays within two
 * SMS segments, otherwise cut at a word (fitQuotes).
 */
export const draftDigestText = (
  items: readonly DigestItem[],
  link: string,
  kind: DigestKind = 'new',
): string => {
  const [first] = items;
  const posts = items.map((item) => item.text);
  if (kind === 'failed' && first) {
    return fitQuotes(posts, (quote) =>
      [
        `Sailpost: your ${PLATFORMS[first.platform].name} post for "${first.campaignName}" was not published. ${first.reason ?? ''}`.trim(),
        `"${quote(first.text)}"`,
        `Reply RETRY ${first.number} to try again, or SKIP ${first.number} to drop it.`,
      ].join('\n'),
    );
  }
  if (items.length === 1 && first) {
    return fitQuotes(posts, (quote) =>
      [
        kind === 'revised'
          ? `Sailpost: the AI revised your ${PLATFORMS[first.platform].name} post for "${first.campaignName}":`
          : `Sailpost: a new ${PLATFORMS[first.platform].name} draft for "${first.campaignName}":`,
        `"${quote(first.text)}"`,
        `Review: ${link}`,
        `Reply ${first.number} YES to approve, ${first.number} NO to reject, or ${first.number} and the changes you want.`,
      ].join('\n'),
    );
  }
  return fitQuotes(posts, (quote) =>
    [
      `Sailpost: ${items.length} new drafts to review:`,
      ...items.map(
        (item) =>
          `${item.number}) ${PLATFORMS[item.platform].name}, "${item.campaignName}": "${quote(item.text)}"`,
      ),
      `Review: ${link}`,
      'Reply YES to approve all, or a number and YES, NO or the changes you want (e.g. 2 YES).',
    ].join('\n'),
  );
};

/**
 * The items with each post's text as it is now. The text quotes the post when it is sent, not when
 * it was drafted: a morning's drafts are written one after another, and the owner may edit or
 * revise the first in the app before the last is written and the text goes out. A post that
 * cannot be read keeps the text it was drafted with.
 */
const withCurrentTexts = async (items: readonly DigestItem[]): Promise<DigestItem[]> => {
  if (!items.length) return [];
  const { data: posts } = await contentEntity()
    .get(
      items.map(({ companyId, campaignId, contentId }) => ({ companyId, campaignId, contentId })),
    )
    .go({ consistent: true });
  const current = new Map(posts.map((post) => [post.contentId, post.content]));
  return items.map((item) => ({ ...item, text: current.get(item.contentId) ?? item.text }));
};

/**
 * Texts the company's owner that drafts are ready, when their phone is verified, and stores the
 * numbering as a digest so a reply can be resolved, with the text's short review link (a text
 * about a failed post has none: it is answered with RETRY or SKIP). `digestId` is the work's own
 * id (a UUIDv7): a second run finds the digest and does not text again once it went out; a run
 * that stopped between the digest and the text sends it, with the same link (at least once, never
 * silently lost).
 */
export const sendDraftDigest = async (
  input: { ownerId: string; digestId: string; items: DigestItem[]; kind?: DigestKind },
  logger: Logger,
): Promise<DraftTextOutcome> => {
  const { data: owner } = await userEntity().get({ userId: input.ownerId }).go();
  if (!owner?.phoneVerified || !isRealPhone(owner.phoneNumber)) return 'no-verified-phone';
  // Replied STOP: nothing is texted (nor stored to be answered) until START.
  if (owner.smsOptedOut) return 'opted-out';
  const key = { userId: owner.userId, digestId: input.digestId };
  const now = Date.now();
  const times = {
    createdAt: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + SMS_DIGEST_DAYS * 24 * 60 * 60,
  };
  const [first, ...others] = input.items;
  const link =
    first && input.kind !== 'failed' ? reviewLinkOf(owner.userId, [first, ...others], times) : null;
  const written = await writeTransaction(
    { digests: smsDigestEntity(), links: reviewLinkEntity() },
    ({ digests, links }) => ({
      digest: digests
        .create({
          ...key,
          phone: owner.phoneNumber,
          items: input.items.map(({ number, companyId, campaignId, contentId }) => ({
            number,
            companyId,
            campaignId,
            contentId,
          })),
          ...(link ? { linkCode: link.code } : {}),
          ...times,
        })
        .commit(),
      link: link !== null && links.create(link).commit(),
    }),
  );
  let linkCode = link?.code;
  if (!written.committed) {
    if (!written.failedConditions.has('digest')) {
      throw new TransactionCancelled('The digest was not written', written);
    }
    const { data: existing } = await smsDigestEntity().get(key).go({ consistent: true });
    if (existing?.sentAt) return 'sent';
    linkCode = existing?.linkCode;
  }
  const appUrl = await resolveAppUrl();
  const url = linkCode
    ? shortReviewLink(appUrl, linkCode)
    : first
      ? campaignContentLink(appUrl, first)
      : appUrl;
  try {
    // Named by the digest, so a text that waits for the texting limit still goes once.
    await sendTextNowOrLater(
      `digest:${owner.userId}#${input.digestId}`,
      {
        to: owner.phoneNumber,
        text: draftDigestText(await withCurrentTexts(input.items), url, input.kind),
      },
      { ownerId: owner.userId },
    );
  } catch (error) {
    // Opted out at the carrier (STOP reached AWS before us, or from another sender's thread).
    if (error instanceof SmsOptedOutError) return 'opted-out';
    // The draft is there to review in the app; a text that cannot go out does not undo it.
    logger.warn('The draft text could not be sent', {
      digestId: input.digestId,
      error: (error as Error)?.name,
    });
    return 'failed';
  }
  await smsDigestEntity()
    .patch(key)
    .set({ sentAt: new Date().toISOString() })
    .go({ response: 'none' });
  return 'sent';
};
