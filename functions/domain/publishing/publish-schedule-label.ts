import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { firstWords } from '#shared/domain/first-words';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';

/** What a publishing schedule is about, for people reading the schedule (its description). */
export interface PublishScheduleSubject {
  platform: PlatformId;
  /** The post's text: its first words name it. */
  text: string;
  /** The campaign's name; absent when the campaign is gone. */
  campaignName?: string;
  /** Which attempt this is: a retry says so. */
  attempt: number;
}

/** The post's first words in a label: enough to recognise it, short enough for a list. */
const FIRST_WORDS = 24;
/** EventBridge Scheduler's longest Description. */
export const SCHEDULE_DESCRIPTION_MAX = 512;

/**
 * "Publish X post 'Fresh sourdough…' of Spring loaves, Fri 9:00 AM": what the schedule does, in
 * the words of the app, at the owner's wall-clock time. The schedule's name holds only ids (its
 * rules allow no spaces or quotes), so the label goes with it as its description, and whoever
 * lists schedules (the AWS console, the sandbox's page) shows the same.
 */
export const publishScheduleLabel = (
  subject: PublishScheduleSubject,
  at: Date,
  timeZone: string,
): string => {
  const of = subject.campaignName ? ` of ${subject.campaignName.trim()}` : '';
  const when = format(at, 'EEE h:mm a', { in: tz(timeZone) });
  const retry = subject.attempt > 1 ? ` (attempt ${subject.attempt})` : '';
  const label = `Publish ${PLATFORMS[subject.platform].shortName} post '${firstWords(subject.text, FIRST_WORDS)}'${of}, ${when}${retry}`;
  return firstWords(label, SCHEDULE_DESCRIPTION_MAX);
};
