import { MOVABLE_SLOTS, SCHEDULE_MESSAGES } from '#shared/domain/content';
import { campaignSlots } from '#shared/domain/schedule-slots';
import type { CampaignRecord } from '../../core/db/entities/campaign';
import { contentEntity, type ContentRecord } from '../../core/db/entities/content';
import { OVERDUE_AFTER_MS, publishWatchEntity } from '../../core/db/entities/publish-watch';
import { slotClaimEntity } from '../../core/db/entities/slot-claim';
import { writeTransaction } from '../../core/db/transaction';
import { Conflict } from '../../core/errors';
import { jobStarter } from '../../integrations/jobs/provider';
import { transitionItem } from './post-lifecycle';
import { schedulePublish, unschedulePublish } from './publish-schedule';
import { takenSlots } from './slotting';

const notScheduled = () => new Conflict('CONTENT_NOT_SCHEDULED', SCHEDULE_MESSAGES.notScheduled);

/** The post's next free slots of its campaign, for its platform, soonest first. */
export const freeSlotsFor = async (
  post: ContentRecord,
  campaign: CampaignRecord,
  now: Date = new Date(),
): Promise<Date[]> => {
  const taken = await takenSlots(campaign, post.platform, now);
  const free: Date[] = [];
  for (const slot of campaignSlots(campaign, now)) {
    if (!taken.has(slot.toISOString())) free.push(slot);
    if (free.length === MOVABLE_SLOTS) break;
  }
  return free;
};

/**
 * Moves a scheduled post to another free slot of its campaign, or (`'now'`) hands it to the
 * publisher at once. The move is one transaction conditional on the post still being scheduled
 * for the attempt read: its old slot is freed, the new one claimed, and the attempt moves on, so
 * the old slot's schedule, should it still fire, finds nothing to publish. Then the old schedule
 * goes and the new one is written (or the publisher started).
 */
export const moveScheduledPost = async (
  post: ContentRecord,
  campaign: CampaignRecord,
  to: Date | 'now',
  now: Date = new Date(),
): Promise<ContentRecord> => {
  if (post.status !== 'scheduled' || !post.scheduledFor) throw notScheduled();
  if (to !== 'now') {
    const free = await freeSlotsFor(post, campaign, now);
    if (!free.some((slot) => slot.getTime() === to.getTime())) {
      throw new Conflict('SLOT_NOT_FREE', SCHEDULE_MESSAGES.slotNotFree, {
        scheduledFor: SCHEDULE_MESSAGES.slotNotFree,
      });
    }
  }
  const at = to === 'now' ? now : to;
  const attempt = (post.publishAttempt ?? 1) + 1;
  const scheduledFor = at.toISOString();
  const key = { companyId: post.companyId, campaignId: post.campaignId, contentId: post.contentId };
  const oldClaim = {
    companyId: post.companyId,
    campaignId: post.campaignId,
    platform: post.platform,
    slot: post.scheduledFor,
  };
  const outcome = await writeTransaction(
    { claims: slotClaimEntity(), contents: contentEntity(), watches: publishWatchEntity() },
    ({ claims, watches }) => ({
      post: transitionItem('move', post, {
        set: { scheduledFor, publishAttempt: attempt },
        where: ({ publishAttempt }, { eq }) => eq(publishAttempt, post.publishAttempt ?? 1),
      }),
      oldClaim: claims.delete(oldClaim).commit(),
      // Publishing now takes no slot: the next post of the platform keeps its own.
      newClaim:
        to !== 'now' &&
        claims.create({ ...oldClaim, slot: scheduledFor, contentId: post.contentId }).commit(),
      watch: watches
        .put({
          ...key,
          kind: 'publish',
          dueAt: new Date(at.getTime() + OVERDUE_AFTER_MS).toISOString(),
        })
        .commit(),
    }),
  );
  if (!outcome.committed) {
    if (outcome.failedConditions.has('post')) throw notScheduled();
    if (outcome.failedConditions.has('newClaim')) {
      throw new Conflict('SLOT_NOT_FREE', SCHEDULE_MESSAGES.slotNotFree);
    }
    throw new Error(`The post was not moved: ${JSON.stringify(outcome.reasons)}`);
  }
  await unschedulePublish(post.contentId, post.publishAttempt ?? 1);
  const event = { ...key, attempt };
  if (to === 'now') await (await jobStarter()).start('publisher', event);
  else {
    await schedulePublish(event, at, campaign.schedule.timeZone, {
      platform: post.platform,
      text: post.content,
      campaignName: campaign.name,
    });
  }
  const { slotReason: _movedByTheOwner, ...moved } = post;
  return { ...moved, scheduledFor, publishAttempt: attempt };
};
