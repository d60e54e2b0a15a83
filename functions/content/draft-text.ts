import type { Logger } from '@aws-lambda-powertools/logger';
import { isRealPhone } from '#shared/contract/fields';
import type { DraftTextOutcome } from '#shared/domain/content';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import { resolveAppUrl } from '../core/app-url';
import { isConditionFailure } from '../core/db/conditions';
import { SMS_DIGEST_DAYS, smsDigestEntity } from '../core/db/entities/sms-digest';
import { userEntity } from '../core/db/entities/user';
import { smsSender } from '../integrations/sms/provider';
import { SmsOptedOutError } from '../integrations/sms/sms-sender';

/** How much of a post a text quotes: enough to recognise it, short enough for two segments. */
export const QUOTED_POST_MAX = 120;

/** The post cut at a word boundary within `max` characters, with "…" when it was cut. */
export const shortenForText = (text: string, max: number = QUOTED_POST_MAX): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const characters = [...flat];
  if (characters.length <= max) return flat;
  const cut = characters.slice(0, max - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length >= max / 2 ? atWord : cut).trimEnd()}…`;
};

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

/** A page of the app the text links to: the campaign's posts. */
export const reviewLink = (appUrl: string, item: Pick<DigestItem, 'companyId' | 'campaignId'>) =>
  `${appUrl}/dashboard/company/${item.companyId}/campaigns/${item.campaignId}#content`;

/**
 * The text announcing drafts, numbered as the digest stores them, with how to answer: `n YES`,
 * `n NO`, or `n` and the changes wanted.
 */
export const draftDigestText = (
  items: readonly DigestItem[],
  link: string,
  kind: DigestKind = 'new',
): string => {
  const [first] = items;
  if (kind === 'failed' && first) {
    return [
      `Sailpost: your ${PLATFORMS[first.platform].name} post for "${first.campaignName}" was not published. ${first.reason ?? ''}`.trim(),
      `"${shortenForText(first.text)}"`,
      `Reply RETRY ${first.number} to try again, or SKIP ${first.number} to drop it.`,
    ].join('\n');
  }
  if (items.length === 1 && first) {
    return [
      kind === 'revised'
        ? `Sailpost: the AI revised your ${PLATFORMS[first.platform].name} post for "${first.campaignName}":`
        : `Sailpost: a new ${PLATFORMS[first.platform].name} draft for "${first.campaignName}":`,
      `"${shortenForText(first.text)}"`,
      `Review: ${link}`,
      `Reply ${first.number} YES to approve, ${first.number} NO to reject, or ${first.number} and the changes you want.`,
    ].join('\n');
  }
  return [
    `Sailpost: ${items.length} new drafts to review:`,
    ...items.map(
      (item) =>
        `${item.number}) ${PLATFORMS[item.platform].name}, "${item.campaignName}": "${shortenForText(item.text, 80)}"`,
    ),
    `Review: ${link}`,
    'Reply YES to approve all, or a number and YES, NO or the changes you want (e.g. 2 YES).',
  ].join('\n');
};

/**
 * Texts the company's owner that drafts are ready, when their phone is verified, and stores the
 * numbering as a digest so a reply can be resolved. `digestId` is the work's own id (a UUIDv7):
 * a second run finds the digest and does not text again once it went out; a run that stopped
 * between the digest and the text sends it (at least once, never silently lost).
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
  try {
    await smsDigestEntity()
      .create({
        ...key,
        phone: owner.phoneNumber,
        items: input.items.map(({ number, companyId, campaignId, contentId }) => ({
          number,
          companyId,
          campaignId,
          contentId,
        })),
        createdAt: new Date(now).toISOString(),
        expiresAt: Math.floor(now / 1000) + SMS_DIGEST_DAYS * 24 * 60 * 60,
      })
      .go({ response: 'none' });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { data: existing } = await smsDigestEntity().get(key).go({ consistent: true });
    if (existing?.sentAt) return 'sent';
  }
  const [first] = input.items;
  const link = first ? reviewLink(await resolveAppUrl(), first) : await resolveAppUrl();
  try {
    await (
      await smsSender()
    ).send({
      to: owner.phoneNumber,
      text: draftDigestText(input.items, link, input.kind),
    });
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
