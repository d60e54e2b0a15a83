import type { Logger } from '@aws-lambda-powertools/logger';
import { normaliseUsPhone, isRealPhone } from '#shared/contract/fields';
import { reviewContentBody } from '#shared/contract/content';
import type { PlatformId } from '#shared/domain/tiers';
import { resolveAppUrl } from '#functions/core/app-url';
import type { OwnedCampaign } from '#functions/domain/ownership/owned-campaign';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { companyEntity, type CompanyRecord } from '#functions/core/db/entities/company';
import { contentEntity } from '#functions/core/db/entities/content';
import { smsDigestEntity, type SmsDigestRecord } from '#functions/core/db/entities/sms-digest';
import { uniqueClaimEntity } from '#functions/core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '#functions/core/db/entities/user';
import { DomainError } from '#functions/core/errors';
import { putProductMetric } from '#functions/core/metrics';
import { retryFailedPost, skipFailedPost } from '#functions/domain/publishing/failed-posts';
import {
  opaqueClientIdOf,
  sendAnalyticsEvent,
} from '#functions/integrations/analytics/send-analytics';
import { smsSender } from '#functions/integrations/sms/provider';
import { sendTextNowOrLater } from '#functions/integrations/sms/text-later';
import { SmsOptedOutError } from '#functions/integrations/sms/sms-sender';
import { campaignContentLink } from '#functions/content/draft-text';
import { shortReviewLink } from '#functions/content/review-links';
import { reviewContent } from '#functions/content/review';
import { parseSmsReply, type SmsReply } from './reply-grammar';
import {
  approvedText,
  DIGEST_REPLY_HOURS,
  notFailedText,
  notReviewableText,
  rejectedText,
  REPLY_TEXTS,
  retriedText,
  revisionText,
  skippedText,
  type Approval,
} from './reply-texts';

/** A reply as End User Messaging delivers it (the fields the job reads). */
export interface InboundSms {
  originationNumber: string;
  destinationNumber?: string | undefined;
  messageBody: string;
  inboundMessageId: string;
}

/**
 * What the job did with a reply, for the logs and the sandbox: `ignored` when the sender is not
 * the verified phone of an account (nothing is answered, so nothing reveals whether one exists);
 * otherwise the reply's kind and the answer texted (null when nothing could be sent).
 */
export type ReplyOutcome =
  | { outcome: 'ignored' }
  | {
      outcome: SmsReply['kind'] | 'expired' | 'no-digest' | 'no-such-number';
      answer: string | null;
    };

type DigestItem = SmsDigestRecord['items'][number];

/**
 * The account whose verified phone is the sender: the phone's claim names the user, who must
 * hold that very number, verified. Anyone else (an unknown number, an unverified one, a number
 * that moved to another account) is no one.
 */
const verifiedOwnerOf = async (from: string): Promise<UserRecord | null> => {
  const phone = normaliseUsPhone(from);
  if (!phone.ok) return null;
  const { data: claim } = await uniqueClaimEntity()
    .get({ kind: 'phone', value: phone.value })
    .go({ consistent: true });
  if (!claim) return null;
  const { data: user } = await userEntity().get({ userId: claim.userId }).go({ consistent: true });
  if (!user?.phoneVerified || !isRealPhone(user.phoneNumber) || user.phoneNumber !== phone.value)
    return null;
  return user;
};

/** The owner's newest text that listed posts and went out. */
const newestDigest = async (userId: string): Promise<SmsDigestRecord | null> => {
  const { data } = await smsDigestEntity()
    .query.byUser({ userId })
    .go({ order: 'desc', limit: 10, consistent: true });
  return data.find((digest) => digest.sentAt) ?? null;
};

/**
 * The digest item's campaign, loaded for this owner: its company must be the owner's (and not
 * deleted), as the app's gate checks for a caller. Null when either is gone or not theirs.
 */
const ownedCampaignOf = async (
  owner: UserRecord,
  item: DigestItem,
): Promise<OwnedCampaign | null> => {
  const { data: company } = await companyEntity()
    .get({ companyId: item.companyId })
    .go({ consistent: true });
  if (!company || company.deletedAt || company.userId !== owner.userId) return null;
  const { data: campaign } = await campaignEntity()
    .get({ companyId: item.companyId, campaignId: item.campaignId })
    .go({ consistent: true });
  return campaign ? { company: company as CompanyRecord, campaign } : null;
};

/** A domain refusal (not reviewable, gone, a limit) as the owner's words; anything else thrown. */
const refusal = (error: unknown): DomainError => {
  if (error instanceof DomainError) return error;
  throw error;
};
const isGoneOrReviewed = (error: DomainError) =>
  error.code === 'CONTENT_NOT_REVIEWABLE' || error.code === 'CONTENT_NOT_FOUND';

/**
 * GA4's review events, as the app's screens send them but `via: 'sms'`, under the company's
 * opaque client id (a text reply has no browser). Sent only after the review was written: a
 * second delivery of the reply finds the post reviewed and reports nothing again.
 */
const reportReview = (
  owned: OwnedCampaign,
  name: 'content_approve' | 'content_reject',
  platform: PlatformId,
) =>
  sendAnalyticsEvent({
    clientId: opaqueClientIdOf(owned.company.companyId),
    event: { name, params: { platform, via: 'sms' } },
  });

const approveItems = async (owner: UserRecord, items: readonly DigestItem[]): Promise<string> => {
  const approvals: Approval[] = [];
  const unchanged: number[] = [];
  const refused: string[] = [];
  for (const item of items) {
    const owned = await ownedCampaignOf(owner, item);
    if (!owned) {
      unchanged.push(item.number);
      continue;
    }
    try {
      const { content } = await reviewContent(
        owned,
        item.contentId,
        { status: 'approved' },
        { via: 'sms' },
      );
      await reportReview(owned, 'content_approve', content.metadata.params.platform);
      approvals.push({
        number: item.number,
        slot: content.scheduledFor
          ? { at: content.scheduledFor, timeZone: owned.campaign.schedule.timeZone }
          : owned.campaign.status === 'active'
            ? 'no-free-slot'
            : 'campaign-not-active',
      });
    } catch (error) {
      const domain = refusal(error);
      if (isGoneOrReviewed(domain)) unchanged.push(item.number);
      else refused.push(`Post ${item.number}: ${domain.message}`);
    }
  }
  return [
    ...(approvals.length ? [approvedText(approvals)] : []),
    ...(unchanged.length ? [notReviewableText(unchanged)] : []),
    ...refused,
  ].join('\n');
};

const reviewOne = async (
  owner: UserRecord,
  item: DigestItem,
  body: { status: 'rejected' } | { status: 'modify'; feedback: string },
): Promise<string> => {
  const owned = await ownedCampaignOf(owner, item);
  if (!owned) return notReviewableText([item.number]);
  const parsed = reviewContentBody.safeParse(body);
  if (!parsed.success) {
    return `Post ${item.number}: ${parsed.error.issues[0]?.message ?? 'that change could not be asked for'}.`;
  }
  try {
    const { content } = await reviewContent(owned, item.contentId, parsed.data, { via: 'sms' });
    if (body.status === 'rejected')
      await reportReview(owned, 'content_reject', content.metadata.params.platform);
  } catch (error) {
    const domain = refusal(error);
    if (isGoneOrReviewed(domain)) return notReviewableText([item.number]);
    return `Post ${item.number}: ${domain.message}`;
  }
  return body.status === 'rejected' ? rejectedText(item.number) : revisionText(item.number);
};

const answerFailure = async (
  owner: UserRecord,
  item: DigestItem,
  kind: 'retry' | 'skip',
  logger: Logger,
): Promise<string> => {
  const owned = await ownedCampaignOf(owner, item);
  const { data: post } = owned
    ? await contentEntity()
        .get({ companyId: item.companyId, campaignId: item.campaignId, contentId: item.contentId })
        .go({ consistent: true })
    : { data: null };
  if (!owned || !post || post.status !== 'failed') return notFailedText(item.number);
  if (kind === 'skip') {
    return (await skipFailedPost(post, 'sms'))
      ? skippedText(item.number)
      : notFailedText(item.number);
  }
  const retried = await retryFailedPost(post, owned.campaign, 'sms', logger);
  if (!retried) return notFailedText(item.number);
  return retriedText({
    number: item.number,
    slot: retried.slot.slotted
      ? { at: retried.slot.slot.toISOString(), timeZone: owned.campaign.schedule.timeZone }
      : retried.slot.reason === 'no-free-slot'
        ? 'no-free-slot'
        : 'campaign-not-active',
  });
};

/** The answer to a reply that acts on the owner's newest text. */
const actOnDigest = async (
  owner: UserRecord,
  reply: Exclude<SmsReply, { kind: 'stop' | 'start' | 'help' | 'not-understood' }>,
  logger: Logger,
  now: Date,
): Promise<{ outcome: ReplyOutcome & { answer: string } }> => {
  const appUrl = await resolveAppUrl();
  const digest = await newestDigest(owner.userId);
  const done = (
    outcome: Exclude<ReplyOutcome, { outcome: 'ignored' }>['outcome'],
    answer: string,
  ) => ({
    outcome: { outcome, answer } as ReplyOutcome & { answer: string },
  });
  if (!digest) return done('no-digest', REPLY_TEXTS.noDigest(`${appUrl}/dashboard`));
  const [first] = digest.items;
  if (now.getTime() - Date.parse(digest.createdAt) > DIGEST_REPLY_HOURS * 60 * 60 * 1000) {
    // The text's own link still opens its posts (it lasts as long as the digest).
    const link = digest.linkCode
      ? shortReviewLink(appUrl, digest.linkCode)
      : first
        ? campaignContentLink(appUrl, first)
        : `${appUrl}/dashboard`;
    return done('expired', REPLY_TEXTS.expired(link));
  }
  if (reply.kind === 'approve-all') {
    return done(reply.kind, await approveItems(owner, digest.items));
  }
  const item = digest.items.find((candidate) => candidate.number === reply.number);
  if (!item) {
    return done('no-such-number', REPLY_TEXTS.noSuchNumber(reply.number, digest.items.length));
  }
  switch (reply.kind) {
    case 'approve':
      return done(reply.kind, await approveItems(owner, [item]));
    case 'reject':
      return done(reply.kind, await reviewOne(owner, item, { status: 'rejected' }));
    case 'revise':
      return done(
        reply.kind,
        await reviewOne(owner, item, { status: 'modify', feedback: reply.feedback }),
      );
    case 'retry':
    case 'skip':
      return done(reply.kind, await answerFailure(owner, item, reply.kind, logger));
  }
};

const setOptedOut = (owner: UserRecord, optedOut: boolean) =>
  userEntity()
    .patch({ userId: owner.userId })
    .set({ smsOptedOut: optedOut })
    .go({ response: 'none' });

/**
 * Texts the answer, now or once the texting limit has room (named by the reply it answers, so it
 * goes once). Nothing goes to an owner who opted out, except the one confirmation of the opt-out
 * carriers require; a number opted out at the carrier is not an error.
 */
const sendAnswer = async (
  replyId: string,
  owner: UserRecord,
  reply: SmsReply,
  text: string,
  logger: Logger,
): Promise<boolean> => {
  try {
    // An answer that waits is dropped if the owner replies STOP meanwhile; the confirmation of
    // STOP itself goes whatever follows.
    await sendTextNowOrLater(
      `answer:${replyId}`,
      { to: owner.phoneNumber, text },
      reply.kind === 'stop' ? {} : { ownerId: owner.userId },
    );
    return true;
  } catch (error) {
    if (error instanceof SmsOptedOutError) return false;
    // The action is done either way; a lost answer is logged, not retried (it would act again).
    logger.warn('The answer to a text reply could not be sent', { error: (error as Error)?.name });
    return false;
  }
};

/**
 * The sms-inbound job's work for one reply: find the account whose verified phone sent it, read
 * the reply (reply-grammar.ts), act through the app's own domain functions — reviews as in the
 * app, recorded `via: 'sms'`, only on the owner's newest text while it is at most 48 hours old —
 * and text back what was done.
 */
export const answerInboundSms = async (
  message: InboundSms,
  logger: Logger,
  now: Date = new Date(),
): Promise<ReplyOutcome> => {
  const owner = await verifiedOwnerOf(message.originationNumber);
  if (!owner) {
    logger.info('A text from a number that is no account’s verified phone: ignored');
    return { outcome: 'ignored' };
  }
  logger.appendKeys({ userId: owner.userId });
  const reply = parseSmsReply(message.messageBody);
  let result: { outcome: ReplyOutcome['outcome']; answer: string };
  switch (reply.kind) {
    case 'stop':
      await setOptedOut(owner, true);
      result = { outcome: 'stop', answer: REPLY_TEXTS.stopped };
      break;
    case 'start':
      await setOptedOut(owner, false);
      // A carrier STOP may also have put the number on the account's own opt-out list.
      try {
        await (await smsSender()).optIn(owner.phoneNumber);
      } catch (error) {
        logger.warn('The number could not be opted back in at the provider', {
          error: (error as Error)?.name,
        });
      }
      result = { outcome: 'start', answer: REPLY_TEXTS.started };
      break;
    case 'help':
      result = { outcome: 'help', answer: REPLY_TEXTS.help(`${await resolveAppUrl()}/dashboard`) };
      break;
    case 'not-understood':
      result = {
        outcome: 'not-understood',
        answer: REPLY_TEXTS.notUnderstood(`${await resolveAppUrl()}/dashboard`),
      };
      break;
    default:
      result = (await actOnDigest(owner, reply, logger, now)).outcome;
  }
  // Opted out: only the confirmation of STOP itself (and of START) is texted.
  const mayText = !owner.smsOptedOut || reply.kind === 'start' || reply.kind === 'stop';
  const sent =
    mayText && (await sendAnswer(message.inboundMessageId, owner, reply, result.answer, logger));
  putProductMetric('RepliesReceived', 1, reply.kind);
  logger.info('Text reply answered', { reply: reply.kind, outcome: result.outcome, sent });
  return { outcome: result.outcome, answer: sent ? result.answer : null } as ReplyOutcome;
};
