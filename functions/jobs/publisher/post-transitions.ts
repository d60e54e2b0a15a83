import { PUBLISHER_TIMEOUT_SECONDS } from '#shared/domain/content';
import { isConditionFailure } from '#functions/core/db/conditions';
import { contentEntity, type ContentRecord } from '#functions/core/db/entities/content';
import {
  applyTransition,
  type PostCondition,
  type PostRef,
  type TransitionDetails,
} from '#functions/domain/publishing/post-lifecycle';
import type { PublishEvent } from '#functions/domain/publishing/publish-schedule';
import { countPublishOutcome } from '#functions/domain/business/business-counts';

/**
 * The publisher's moves of a post (post-lifecycle.ts). Each is conditional on the state the
 * publisher left it in, so a second run — a duplicate delivery, the sweeper — changes nothing that
 * another run decided.
 */

type PostKey = Pick<PublishEvent, 'companyId' | 'campaignId' | 'contentId'>;

const keyOf = ({ companyId, campaignId, contentId }: PostKey) => ({
  companyId,
  campaignId,
  contentId,
});

/** The post as stored (consistent read), or null when it is gone. */
export const readPost = async (key: PostKey): Promise<ContentRecord | null> =>
  (await contentEntity().get(keyOf(key)).go({ consistent: true })).data;

/**
 * Takes the post for this attempt before anything is sent: `scheduled` → `publishing`, only while
 * it is scheduled for this very attempt. Null when the condition failed (another run claimed it,
 * or the post moved on: published, failed, rescheduled for another attempt, unapproved, deleted).
 */
export const claimPost = (event: PublishEvent, now: Date): Promise<ContentRecord | null> =>
  applyTransition('claim', keyOf(event), {
    set: { publishingSince: now.toISOString() },
    where: ({ publishAttempt }, { eq }) => eq(publishAttempt, event.attempt),
  });

/** A claim older than the publisher's time-out: the run that held it ended without saying how. */
export const isStaleClaim = (post: ContentRecord, now: Date): boolean =>
  post.status === 'publishing' &&
  (!post.publishingSince ||
    now.getTime() - Date.parse(post.publishingSince) > PUBLISHER_TIMEOUT_SECONDS * 1000);

/**
 * Writes only while the post is still held by the claim read or made (`publishing` since that
 * moment): a newer claim, or another run's verdict, is never overwritten.
 */
const whileHeld =
  (claim: Pick<ContentRecord, 'publishingSince'>): PostCondition =>
  ({ publishingSince }, { eq, notExists }) =>
    claim.publishingSince ? eq(publishingSince, claim.publishingSince) : notExists(publishingSince);

type Claim = PostRef & Pick<ContentRecord, 'publishingSince'>;

const whileHeldBy = async (
  move: 'publish' | 'fail' | 'retryLater' | 'release',
  claim: Claim,
  set: TransitionDetails['set'] = {},
): Promise<boolean> =>
  (await applyTransition(move, claim, { set, where: whileHeld(claim) })) !== null;

/** Published: where and when, with the provider's id. False when the claim was lost meanwhile. */
export const recordPublished = async (
  claim: ContentRecord,
  published: { postId: string; url: string },
  now: Date,
): Promise<boolean> => {
  const recorded = await whileHeldBy('publish', claim, {
    publishedAt: now.toISOString(),
    postUrl: published.url,
    providerPostId: published.postId,
  });
  // Counted by the run whose move it was: a duplicate run's move fails and counts nothing.
  if (recorded) await countPublishOutcome(claim, 'published', now);
  return recorded;
};

/** Failed, with why in the owner's words. False when the claim was lost meanwhile. */
export const recordFailed = async (
  claim: Claim & Pick<ContentRecord, 'platform'>,
  publishError: string,
): Promise<boolean> => {
  const recorded = await whileHeldBy('fail', claim, { publishError });
  if (recorded) await countPublishOutcome(claim, 'failed');
  return recorded;
};

/**
 * Back to `scheduled` for the next attempt at `at`, nothing having been posted. The post then
 * waits for the next attempt's schedule, which only that attempt's event can claim.
 */
export const recordRetry = (
  claim: ContentRecord,
  attempt: number,
  at: Date,
  /** Why the post goes later than its slot, for its card (the account's publishing limit). */
  note?: string,
): Promise<boolean> =>
  whileHeldBy('retryLater', claim, {
    scheduledFor: at.toISOString(),
    publishAttempt: attempt,
    ...(note ? { slotReason: note } : {}),
  });

/**
 * Gives the claim back (`scheduled`, same attempt) after a failure before anything was sent to
 * the provider (a table or bucket error): the deliverer's retry of the same event claims it again.
 */
export const releaseClaim = (claim: ContentRecord): Promise<boolean> =>
  whileHeldBy('release', claim);

/**
 * Remembers what the provider holds ready to publish (an Instagram container), while this claim
 * still holds the post. Not a change of status: the post stays `publishing`. False when the claim
 * was lost meanwhile (then nothing may be published).
 */
export const recordPrepared = async (
  claim: ContentRecord,
  preparedId: string,
): Promise<boolean> => {
  try {
    await contentEntity()
      .patch(keyOf(claim))
      .set({ providerPreparedId: preparedId })
      .where(
        ({ status, publishingSince }, { eq, notExists }) =>
          `${eq(status, 'publishing')} AND ${
            claim.publishingSince
              ? eq(publishingSince, claim.publishingSince)
              : notExists(publishingSince)
          }`,
      )
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};
