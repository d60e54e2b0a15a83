import { scheduler } from '../../integrations/scheduler/provider';
import { publishScheduleLabel, type PublishScheduleSubject } from './publish-schedule-label';

/** Who a publishing schedule fires: the post, by its keys, and which attempt this is. */
export interface PublishEvent {
  companyId: string;
  campaignId: string;
  contentId: string;
  attempt: number;
  /**
   * The instant (ISO) this attempt's turn of the app's publishing limit was reserved for: a run
   * with one takes nothing more from the limit.
   */
  turn?: string;
  /** The slot the post was first due at (ISO), kept through retries: lateness counts from it. */
  slot?: string;
}

/** One schedule per post and attempt: a retry's schedule never collides with the first's. */
export const publishScheduleName = (contentId: string, attempt: number): string =>
  `publish-${contentId}-${attempt}`;

/**
 * Fires the publisher for the post's attempt at `at`. Written with `update`, which creates it
 * when it is not there: a second run of whatever schedules it (a retried job, the sweeper) moves
 * the same schedule rather than adding one. `post` gives the schedule its description (what it
 * publishes, from which campaign, when).
 */
export const schedulePublish = async (
  event: PublishEvent,
  at: Date,
  timeZone: string,
  post: Omit<PublishScheduleSubject, 'attempt'>,
): Promise<void> => {
  await (
    await scheduler()
  ).update({
    name: publishScheduleName(event.contentId, event.attempt),
    description: publishScheduleLabel({ ...post, attempt: event.attempt }, at, timeZone),
    job: 'publisher',
    at,
    timeZone,
    payload: { ...event },
  });
};

/** Removes the post's schedule for that attempt (gone already is fine). */
export const unschedulePublish = async (contentId: string, attempt: number): Promise<void> => {
  await (await scheduler()).delete(publishScheduleName(contentId, attempt));
};
