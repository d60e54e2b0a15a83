import type { Logger } from '@aws-lambda-powertools/logger';
import { nextFreeSlot } from '#shared/domain/schedule-slots';
import type { CampaignRecord } from '../../core/db/entities/campaign';
import { contentEntity, type ContentRecord } from '../../core/db/entities/content';
import {
  OVERDUE_AFTER_MS,
  publishWatchEntity,
  SLOT_WITHIN_MS,
} from '../../core/db/entities/publish-watch';
import { slotClaimEntity } from '../../core/db/entities/slot-claim';
import { writeTransaction } from '../../core/db/transaction';
import { bestTimeSlot } from './best-time-slot';
import { transitionItem } from './post-lifecycle';
import { schedulePublish, unschedulePublish } from './publish-schedule';

/** Slots tried before giving up on a campaign whose slots keep being taken under us. */
const MAX_TRIES = 10;

export type SlotOutcome =
  | { slotted: true; post: ContentRecord; slot: Date }
  /** The campaign is not active, or has no free slot before it ends: the post stays approved. */
  | { slotted: false; reason: 'campaign-not-active' | 'no-free-slot' | 'not-approved' };

/** The campaign's slots from `now` on that a post of the platform already holds. */
export const takenSlots = async (
  campaign: CampaignRecord,
  platform: ContentRecord['platform'],
  now: Date,
) => {
  const { data } = await slotClaimEntity()
    .query.byCampaign({ companyId: campaign.companyId, campaignId: campaign.campaignId, platform })
    // A bounded range: `gte` alone would run on past this platform into the next one's claims.
    .between({ slot: now.toISOString() }, { slot: '9999' })
    .go({ pages: 'all', consistent: true, attributes: ['slot'] });
  return new Set(data.map((claim) => claim.slot));
};

/**
 * Asks the sweeper to make sure the post gets its slot: written before the post is approved, so a
 * crash between approving and slotting never leaves it approved and forgotten (a watch written
 * for an approval that then did not happen finds nothing to do, and goes).
 */
export const watchForSlot = async (
  post: Pick<ContentRecord, 'companyId' | 'campaignId' | 'contentId'>,
  now: Date = new Date(),
): Promise<void> => {
  await publishWatchEntity()
    .put({
      companyId: post.companyId,
      campaignId: post.campaignId,
      contentId: post.contentId,
      kind: 'slot',
      dueAt: new Date(now.getTime() + SLOT_WITHIN_MS).toISOString(),
    })
    .go({ response: 'none' });
};

/**
 * Gives an approved post the next free slot of its campaign (its zone, posting days and times,
 * inside its dates, never in the past; in Best times mode, a free time in the window the
 * company's results suggest, with the reason stored for the card), at most one post per platform per slot: the slot is
 * claimed and the post scheduled in one transaction, so two posts approved at once take two
 * slots. Then one schedule fires the publisher at the slot. A schedule that could not be written
 * is left to the sweeper, which fires scheduled posts that are overdue. `attempt` is the
 * publisher's attempt the schedule fires: the one the post carries (1 for a new post; the first
 * of a new round once the owner retried a failed post or undid an approval, since the earlier
 * attempts' runs may be claimed already), whoever slots it (the review, the sweeper, a resumed
 * campaign).
 */
export const slotPost = async (
  post: ContentRecord,
  campaign: CampaignRecord,
  logger: Pick<Logger, 'warn'>,
  now: Date = new Date(),
  attempt = post.publishAttempt ?? 1,
): Promise<SlotOutcome> => {
  if (campaign.status !== 'active') return { slotted: false, reason: 'campaign-not-active' };
  const taken = await takenSlots(campaign, post.platform, now);
  const isTaken = (candidate: Date) => taken.has(candidate.toISOString());
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    // Best times: the window the company's results suggest, and why (the card shows it).
    const chosen =
      campaign.schedule.mode === 'bestTimes'
        ? await bestTimeSlot(campaign, post.platform, now, isTaken)
        : null;
    const slot = chosen ? chosen.slot : nextFreeSlot(campaign, now, isTaken);
    if (!slot) return { slotted: false, reason: 'no-free-slot' };
    const slotReason = chosen ? { slotReason: chosen.reason } : {};
    const scheduledFor = slot.toISOString();
    const key = {
      companyId: post.companyId,
      campaignId: post.campaignId,
      contentId: post.contentId,
    };
    const outcome = await writeTransaction(
      { claims: slotClaimEntity(), contents: contentEntity(), watches: publishWatchEntity() },
      ({ claims, watches }) => ({
        claim: claims
          .create({
            companyId: post.companyId,
            campaignId: post.campaignId,
            platform: post.platform,
            slot: scheduledFor,
            contentId: post.contentId,
          })
          .commit(),
        post: transitionItem('slot', post, {
          set: { scheduledFor, publishAttempt: attempt, ...slotReason },
        }),
        // Should the schedule be lost, the sweeper publishes it once it is overdue.
        watch: watches
          .put({
            ...key,
            kind: 'publish',
            dueAt: new Date(slot.getTime() + OVERDUE_AFTER_MS).toISOString(),
          })
          .commit(),
      }),
    );
    if (outcome.committed) {
      try {
        await schedulePublish({ ...key, attempt }, slot, campaign.schedule.timeZone, {
          platform: post.platform,
          text: post.content,
          campaignName: campaign.name,
        });
      } catch (error) {
        logger.warn('The publishing schedule could not be written; the sweeper will fire it', {
          contentId: post.contentId,
          error: error as Error,
        });
      }
      return {
        slotted: true,
        post: {
          ...post,
          status: 'scheduled',
          scheduledFor,
          publishAttempt: attempt,
          ...slotReason,
        },
        slot,
      };
    }
    if (outcome.failedConditions.has('post')) return { slotted: false, reason: 'not-approved' };
    if (!outcome.failedConditions.has('claim') && !outcome.conflicted) {
      throw new Error(`The post was not slotted: ${JSON.stringify(outcome.reasons)}`);
    }
    taken.add(scheduledFor);
  }
  return { slotted: false, reason: 'no-free-slot' };
};

/**
 * Takes a scheduled post out of its slot, back to `approved`: the claim goes with it in one
 * transaction (only while the post is still scheduled for that slot), then its schedule. A post
 * the publisher has claimed meanwhile is left to it.
 */
export const unslotPost = async (post: ContentRecord): Promise<boolean> => {
  if (post.status !== 'scheduled' || !post.scheduledFor) return false;
  const outcome = await writeTransaction(
    { claims: slotClaimEntity(), contents: contentEntity(), watches: publishWatchEntity() },
    ({ claims, watches }) => ({
      // Out of its slot, the post waits for its campaign to run again (which reslots it).
      watch: watches.delete({ contentId: post.contentId }).commit(),
      post: transitionItem('unslot', post, {
        where: ({ scheduledFor }, { eq }) => eq(scheduledFor, post.scheduledFor!),
      }),
      claim: claims
        .delete({
          companyId: post.companyId,
          campaignId: post.campaignId,
          platform: post.platform,
          slot: post.scheduledFor!,
        })
        .commit(),
    }),
  );
  if (!outcome.committed) return false;
  await unschedulePublish(post.contentId, post.publishAttempt ?? 1);
  return true;
};

const postsOfStatus = async (campaign: CampaignRecord, status: 'approved' | 'scheduled') => {
  const { data } = await contentEntity()
    .query.byCampaignStatus({ campaignId: campaign.campaignId, status })
    .where(({ companyId }, { eq }) => eq(companyId, campaign.companyId))
    .go({ pages: 'all' });
  return data;
};

/**
 * After a campaign's status, dates or schedule changed: its scheduled posts leave their slots,
 * and, while it is active, its approved posts (oldest first) take the slots of the schedule it
 * has now. A paused or ended campaign keeps its posts approved until it runs again.
 */
export const reslotCampaign = async (
  campaign: CampaignRecord,
  logger: Pick<Logger, 'warn'>,
  now: Date = new Date(),
): Promise<void> => {
  for (const post of await postsOfStatus(campaign, 'scheduled')) await unslotPost(post);
  if (campaign.status !== 'active') return;
  const approved = (await postsOfStatus(campaign, 'approved')).sort((a, b) =>
    a.contentId.localeCompare(b.contentId),
  );
  for (const post of approved) {
    const outcome = await slotPost(post, campaign, logger, now);
    if (!outcome.slotted && outcome.reason === 'no-free-slot') return;
  }
};
