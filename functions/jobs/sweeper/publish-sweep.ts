import type { Logger } from '@aws-lambda-powertools/logger';
import { PUBLISH_ERRORS, PUBLISHER_TIMEOUT_SECONDS } from '#shared/domain/content';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { contentEntity, type ContentRecord } from '#functions/core/db/entities/content';
import {
  OVERDUE_AFTER_MS,
  publishWatchEntity,
  WATCH_QUEUES,
  type PublishWatchRecord,
} from '#functions/core/db/entities/publish-watch';
import { slotPost } from '#functions/domain/publishing/slotting';
import { forEachConcurrently } from '#functions/core/concurrency';
import { jobStarter } from '#functions/integrations/jobs/provider';
import { isStaleClaim } from '#functions/jobs/publisher/post-transitions';
import { failAndTell } from '#functions/jobs/publisher/publish-post';

/**
 * Watches read per shard per round: a round is at most this many per shard (the rest wait for the
 * next round, or the next sweep), so the sweep stays well within its time-out.
 */
const SHARD_BATCH = 100;

export interface PublishSweep {
  slotted: number;
  fired: number;
  failedUnknown: number;
  deferred: number;
  done: number;
}

/**
 * The watches due by `now`: one query per shard of the watch index, all at once (never the posts),
 * each the shard's oldest SHARD_BATCH; `more` when some shard may hold more than it gave.
 */
export const dueWatches = async (
  now: Date,
): Promise<{ watches: PublishWatchRecord[]; more: boolean }> => {
  const shards = await Promise.all(
    WATCH_QUEUES.map(async (queue) => {
      const { data } = await publishWatchEntity()
        .query.due({ queue })
        .lte({ dueAt: now.toISOString() })
        .go({ limit: SHARD_BATCH });
      return data;
    }),
  );
  return {
    watches: shards.flat().sort((a, b) => a.dueAt.localeCompare(b.dueAt)),
    more: shards.some((shard) => shard.length === SHARD_BATCH),
  };
};

const later = (watch: PublishWatchRecord, dueAt: Date) =>
  publishWatchEntity()
    .patch({ contentId: watch.contentId })
    .set({ dueAt: dueAt.toISOString() })
    .go({ response: 'none' });

const forget = (watch: PublishWatchRecord) =>
  publishWatchEntity().delete({ contentId: watch.contentId }).go({ response: 'none' });

const plus = (iso: string | undefined, ms: number, now: Date) =>
  new Date((iso ? Date.parse(iso) : now.getTime()) + ms);

/**
 * Looks at one due watch's post and does what was missed, by the post's status now:
 * approved → its slot (a paused or full campaign lets it wait: resuming reslots it); scheduled
 * and overdue → the publisher, for its attempt (a duplicate of a run already made is refused by
 * the publisher's claim); publishing past the publisher's time-out → failed as unknown, never
 * re-sent; anything else has reached its end, and the watch goes.
 */
const sweepOne = async (
  watch: PublishWatchRecord,
  now: Date,
  logger: Logger,
): Promise<keyof PublishSweep> => {
  const { data: post } = await contentEntity()
    .get({ companyId: watch.companyId, campaignId: watch.campaignId, contentId: watch.contentId })
    .go({ consistent: true });
  if (!post) {
    await forget(watch);
    return 'done';
  }
  switch (post.status) {
    case 'approved':
      return slotAgain(watch, post, now);
    case 'scheduled': {
      const overdueAt = plus(post.scheduledFor, OVERDUE_AFTER_MS, now);
      if (overdueAt > now) {
        await later(watch, overdueAt);
        return 'deferred';
      }
      await (
        await jobStarter()
      ).start('publisher', {
        companyId: post.companyId,
        campaignId: post.campaignId,
        contentId: post.contentId,
        attempt: post.publishAttempt ?? 1,
      });
      // Looked at again after the publisher has had its time.
      await later(watch, new Date(now.getTime() + OVERDUE_AFTER_MS));
      return 'fired';
    }
    case 'publishing':
      if (isStaleClaim(post, now)) {
        await failAndTell(post, PUBLISH_ERRORS.unknownOutcome, logger);
        await forget(watch);
        return 'failedUnknown';
      }
      await later(watch, plus(post.publishingSince, PUBLISHER_TIMEOUT_SECONDS * 1000 + 1, now));
      return 'deferred';
    default:
      await forget(watch);
      return 'done';
  }
};

const slotAgain = async (
  watch: PublishWatchRecord,
  post: ContentRecord,
  now: Date,
): Promise<keyof PublishSweep> => {
  const { data: campaign } = await campaignEntity()
    .get({ companyId: post.companyId, campaignId: post.campaignId })
    .go({ consistent: true });
  const outcome = campaign ? await slotPost(post, campaign, { warn: () => undefined }, now) : null;
  // Slotted: the slot wrote the post's next watch. Not slotted: it waits for its campaign.
  if (!outcome?.slotted) await forget(watch);
  return outcome?.slotted ? 'slotted' : 'done';
};

/** Watches looked at at once: each is a few small reads and writes of its own post. */
const IN_FLIGHT = 16;
/** A sweep keeps taking batches while they come back full, for at most this long. */
const SWEEP_BUDGET_MS = 4 * 60_000;

/**
 * Every due watch, IN_FLIGHT at a time, batch after batch while batches come back full (a backlog
 * after an outage is cleared in one sweep, not one batch an hour), within SWEEP_BUDGET_MS of the
 * job's time-out. A failure of one is logged; it stays due for the next sweep.
 */
export const sweepPublishing = async (
  logger: Logger,
  now: Date = new Date(),
): Promise<PublishSweep> => {
  const tally: PublishSweep = { slotted: 0, fired: 0, failedUnknown: 0, deferred: 0, done: 0 };
  const started = Date.now();
  for (;;) {
    const { watches: batch, more } = await dueWatches(now);
    let failed = 0;
    await forEachConcurrently(batch, IN_FLIGHT, async (watch) => {
      try {
        tally[await sweepOne(watch, now, logger)]++;
      } catch (error) {
        failed++;
        logger.error('A post could not be swept', {
          contentId: watch.contentId,
          error: error as Error,
        });
      }
    });
    // Only a full shard, all of its batch moved on, says there may be more due now.
    if (!more || failed > 0 || Date.now() - started > SWEEP_BUDGET_MS) {
      return tally;
    }
  }
};
