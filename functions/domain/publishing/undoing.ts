import {
  CONTENT_MESSAGES,
  firstAttemptOfNextRound,
  PUBLISH_ATTEMPT_MAX,
  UNDO_MESSAGES,
} from '#shared/domain/content';
import { contentEntity, type ContentRecord } from '../../core/db/entities/content';
import { publishWatchEntity } from '../../core/db/entities/publish-watch';
import { slotClaimEntity } from '../../core/db/entities/slot-claim';
import { TransactionCancelled, writeTransaction } from '../../core/db/transaction';
import { Conflict, NotFound } from '../../core/errors';
import { applyTransition, POST_TRANSITIONS, transitionItem } from './post-lifecycle';
import { unschedulePublish } from './publish-schedule';

/** Reads (and undoes) again when a move of the slotter or the publisher landed in between. */
const MAX_TRIES = 3;

const notUndoable = (message: string) => new Conflict('CONTENT_NOT_UNDOABLE', message);

/**
 * Which undo the post allows as it is now: none (a draft: nothing to take back, so a second Undo
 * answers the draft as it is), or the move that takes back the owner's approval or rejection.
 * Anything past the owner's review is refused in words: the publisher has the post, or its
 * history's last word is the product's (a RETRY or SKIP of a failed post), not a review.
 */
const undoFor = (post: ContentRecord): 'undoApproval' | 'undoRejection' | null => {
  const last = post.modificationHistory.at(-1);
  switch (post.status) {
    case 'draft':
      return null;
    case 'approved':
    case 'scheduled':
      if (last?.comment === POST_TRANSITIONS.retry.history.comment) {
        throw notUndoable(UNDO_MESSAGES.retried);
      }
      return 'undoApproval';
    case 'rejected':
      if (last?.comment === POST_TRANSITIONS.skip.history.comment) {
        throw notUndoable(UNDO_MESSAGES.skipped);
      }
      return 'undoRejection';
    case 'modify':
      // The revision's worker starts with the request: what it writes cannot be called back.
      throw notUndoable(UNDO_MESSAGES.revising);
    case 'publishing':
      throw notUndoable(UNDO_MESSAGES.publishing);
    case 'published':
      throw notUndoable(UNDO_MESSAGES.published);
    case 'failed':
      throw notUndoable(UNDO_MESSAGES.failed);
    case 'hidden':
      throw new NotFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
  }
};

/**
 * The attempt the post's next schedule fires: a new round once it has had one, since the
 * publisher's runs are claimed per post and attempt and a run of the old one may have been
 * delivered (and claimed, finding a draft) meanwhile.
 */
const nextAttemptOf = (post: ContentRecord) => {
  if (post.publishAttempt === undefined) return {};
  const attempt = firstAttemptOfNextRound(post.publishAttempt);
  if (attempt > PUBLISH_ATTEMPT_MAX) throw notUndoable(UNDO_MESSAGES.tooOften);
  return { publishAttempt: attempt };
};

const reread = async (post: ContentRecord): Promise<ContentRecord> => {
  const { data } = await contentEntity()
    .get({ companyId: post.companyId, campaignId: post.campaignId, contentId: post.contentId })
    .go({ consistent: true });
  if (!data) throw new NotFound('CONTENT_NOT_FOUND', CONTENT_MESSAGES.notFound);
  return data;
};

/**
 * Takes an approval back, only while the post is as read: approved (waiting for a slot), or
 * scheduled for the same slot and attempt. Its slot's claim and the sweeper's watch go in the same
 * transaction, then its schedule. Null when the post moved meanwhile.
 */
const undoApproval = async (post: ContentRecord): Promise<ContentRecord | null> => {
  const scheduled = post.status === 'scheduled' && post.scheduledFor !== undefined;
  const outcome = await writeTransaction(
    { claims: slotClaimEntity(), contents: contentEntity(), watches: publishWatchEntity() },
    ({ claims, watches }) => ({
      post: transitionItem('undoApproval', post, {
        set: nextAttemptOf(post),
        where: scheduled
          ? ({ scheduledFor, publishAttempt }, { eq }) =>
              `${eq(scheduledFor, post.scheduledFor!)} AND ${eq(publishAttempt, post.publishAttempt ?? 1)}`
          : ({ status }, { eq }) => eq(status, 'approved'),
      }),
      watch: watches.delete({ contentId: post.contentId }).commit(),
      claim:
        scheduled &&
        claims
          .delete({
            companyId: post.companyId,
            campaignId: post.campaignId,
            platform: post.platform,
            slot: post.scheduledFor!,
          })
          .commit(),
    }),
  );
  if (!outcome.committed) {
    if (outcome.failedConditions.has('post') || outcome.conflicted) return null;
    throw new TransactionCancelled('The approval was not undone', outcome);
  }
  if (scheduled) await unschedulePublish(post.contentId, post.publishAttempt ?? 1);
  return reread(post);
};

/**
 * The owner's Undo of a review just made: an approved or scheduled post back to a draft (its slot
 * freed, its schedule stopped), a rejected one back to a draft. A post the publisher has claimed,
 * published or failed, or one sent to the AI, is refused (409 with why). A draft is answered as
 * it is, so a repeated Undo is harmless.
 */
export const undoReview = async (read: ContentRecord): Promise<ContentRecord> => {
  let post = read;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const move = undoFor(post);
    if (!move) return post;
    const undone =
      move === 'undoApproval'
        ? await undoApproval(post)
        : await applyTransition('undoRejection', post, {
            where: ({ version }, { eq }) => eq(version, post.version),
          });
    if (undone) return undone;
    post = await reread(post);
  }
  throw new Error(`The review of post ${read.contentId} kept changing while it was undone`);
};
