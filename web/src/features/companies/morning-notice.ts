import { TZDate } from '@date-fns/tz';
import { lightFormat } from 'date-fns';
import type { LastMorning } from '#shared/contract/companies';
import { slotText } from '#shared/domain/schedule-slots';

/** What the notice offers: the plans (more generations a day), or verifying the phone. */
export type MorningNoticeAction = 'plans' | 'verify-phone' | null;

export interface MorningNotice {
  title: string;
  body: string;
  action: MorningNoticeAction;
}

const localDay = (now: number, timeZone: string) =>
  lightFormat(new TZDate(now, timeZone), 'yyyy-MM-dd');

/**
 * The overview's word on the last morning when its drafts did not reach the owner: why, and when
 * they resume (the next morning, in the company's zone). Nothing when nothing was skipped, and
 * nothing for a lapsed plan, which the paused banner already explains.
 */
export const morningNoticeOf = (
  morning: LastMorning | null | undefined,
  timeZone: string,
  now: number = Date.now(),
): MorningNotice | null => {
  if (!morning?.skipped || morning.skipped === 'plan-lapsed') return null;
  const today = morning.day === localDay(now, timeZone);
  const whose = today ? 'Today’s' : 'Yesterday’s';
  const next = slotText(morning.nextMorningAt, timeZone);
  const one = morning.drafts === 1;
  const drafts = one ? 'morning draft' : `${morning.drafts} morning drafts`;
  const waiting = one
    ? 'It waits for your review in its campaign'
    : 'They wait for your review in their campaigns';
  switch (morning.skipped) {
    case 'generations-used':
      return {
        title: `${whose} morning drafts were skipped`,
        body: `${today ? 'Today’s' : 'That day’s'} AI generations were already used. Drafting resumes ${next}.`,
        action: 'plans',
      };
    case 'no-verified-phone':
      return {
        title: `${whose} ${drafts} ${one ? 'was' : 'were'} not texted`,
        body: `Your phone is not verified. ${waiting}; verify your phone, and the next drafts come by text on ${next}.`,
        action: 'verify-phone',
      };
    case 'texts-off':
      return {
        title: `${whose} ${drafts} ${one ? 'was' : 'were'} not texted`,
        body: `You replied STOP, so texts are off. ${waiting}; reply START to any Sailpost text, and the next drafts come by text on ${next}.`,
        action: null,
      };
    case 'text-failed':
      return {
        title: `The text about ${whose.toLowerCase()} ${drafts} could not be sent`,
        body: `${waiting}. The next text goes out ${next}.`,
        action: null,
      };
  }
};
