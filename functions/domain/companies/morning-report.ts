import { TZDate } from '@date-fns/tz';
import type { LastMorning } from '#shared/contract/companies';
import type { DraftTextOutcome, MorningSkip } from '#shared/domain/content';
import { slotText } from '#shared/domain/schedule-slots';
import type { CompanyRecord } from '../../core/db/entities/company';
import {
  morningReportEntity,
  type MorningReportRecord,
} from '../../core/db/entities/morning-report';
import { companyMorningHour, companyTimeZone } from './company-time-zone';

/**
 * How a company's last morning went, as the overview tells the owner: kept per company in one
 * item (morning-report.ts), written by the daily-drafts job, read in the overview's batch read.
 */

/** What a morning did, as far as the owner is concerned. */
export type MorningResult =
  | { status: 'lapsed'; day: string }
  | {
      status: 'drafted';
      day: string;
      /** The drafts the morning meant to write: one per platform of each running campaign. */
      due: number;
      drafts: number;
      /** Why drafting stopped before every draft due was written, if it did. */
      stoppedBy?: 'limit' | 'error';
      text: DraftTextOutcome | 'nothing-new';
    };

/**
 * Why the morning's drafts did not reach the owner, or null: none were written because the day's
 * generations were already used (a morning that wrote some before the limit was not skipped) or
 * the plan has lapsed; or they were written and not texted. A morning with nothing to draft (no
 * campaign running) skipped nothing.
 */
export const morningSkipOf = (result: MorningResult): MorningSkip | null => {
  if (result.status === 'lapsed') return 'plan-lapsed';
  if (result.drafts === 0) return result.stoppedBy === 'limit' ? 'generations-used' : null;
  switch (result.text) {
    case 'no-verified-phone':
      return 'no-verified-phone';
    case 'opted-out':
      return 'texts-off';
    case 'failed':
      return 'text-failed';
    default:
      return null;
  }
};

/**
 * The morning after the local day `day`: the company's morning hour the next day, in its zone
 * (the day's own morning has had its run, however early it was pressed).
 */
export const nextMorningAfter = (
  day: string,
  company: Pick<CompanyRecord, 'timeZone' | 'morningHour'>,
): string => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new TZDate(
    year,
    month - 1,
    date + 1,
    companyMorningHour(company),
    0,
    0,
    companyTimeZone(company),
  );
  return new Date(at.getTime()).toISOString();
};

/** Records the company's morning, over the one before. */
export const recordMorning = async (
  company: Pick<CompanyRecord, 'companyId' | 'timeZone' | 'morningHour'>,
  result: MorningResult,
  now: Date = new Date(),
): Promise<void> => {
  const skipped = morningSkipOf(result);
  await morningReportEntity()
    .put({
      companyId: company.companyId,
      day: result.day,
      drafts: result.status === 'drafted' ? result.drafts : 0,
      ...(skipped ? { skipped } : {}),
      nextMorningAt: nextMorningAfter(result.day, company),
      ranAt: now.toISOString(),
    })
    .go({ response: 'none' });
};

/** The last morning as the overview answers it: only until the next morning has come. */
export const lastMorningOf = (
  record: MorningReportRecord | null,
  now: number = Date.now(),
): LastMorning | null => {
  if (!record || Date.parse(record.nextMorningAt) <= now) return null;
  return {
    day: record.day,
    drafts: record.drafts,
    skipped: record.skipped ?? null,
    nextMorningAt: record.nextMorningAt,
  };
};

/** A morning run for one company as it answers (Morning now, scripts): what it did, or not. */
export type MorningRun =
  MorningResult | { status: 'already-done'; day: string } | { status: 'gone' };

const draftsText = (count: number) => (count === 1 ? '1 draft' : `${count} drafts`);

/** Why written drafts were not texted, or that they were. */
const textedText = (skip: MorningSkip | null): string => {
  switch (skip) {
    case 'no-verified-phone':
      return '; nothing was sent: the owner has no verified phone.';
    case 'texts-off':
      return '; nothing was sent: texts are off (the owner replied STOP).';
    case 'text-failed':
      return '; the text could not be sent (the log says why).';
    default:
      return ' and texted.';
  }
};

/**
 * One line on a morning run, for whoever pressed Morning now: what was written and texted, or why
 * nothing was sent — the reasons the overview gives (morningSkipOf), and the ones it need not
 * (nothing due, the day's morning already run, no such company). The company's zone and hour
 * say when drafting resumes.
 */
export const morningSummaryOf = (
  run: MorningRun,
  company?: Pick<CompanyRecord, 'timeZone' | 'morningHour'>,
): string => {
  if (run.status === 'gone')
    return 'Nothing was sent: there is no company with this id (or it was deleted).';
  const next = company
    ? slotText(nextMorningAfter(run.day, company), companyTimeZone(company))
    : undefined;
  if (run.status === 'already-done')
    return `Nothing was sent: this company’s morning of ${run.day} has already run (one a day)${
      next ? `; the next comes ${next}` : ''
    }.`;
  if (run.status === 'lapsed')
    return 'Nothing was sent: the plan has lapsed, so no drafts were written.';
  const skip = morningSkipOf(run);
  if (skip === 'generations-used')
    return `Nothing was sent: the day’s AI generations were already used.${
      next ? ` Drafting resumes ${next}.` : ''
    }`;
  if (run.drafts === 0) {
    return run.due === 0
      ? 'Nothing was sent: nothing was due (no active campaign runs today on a platform the company has connected and its plan allows).'
      : `Nothing was sent: ${
          run.due === 1 ? 'the draft due' : `none of the ${run.due} drafts due`
        } could be written (the log says why).`;
  }
  const short = run.due - run.drafts;
  const unwritten =
    short <= 0
      ? ''
      : run.stoppedBy === 'limit'
        ? ` The day’s AI generations ran out before the other ${short}.`
        : ` ${short} more could not be written (the log says why).`;
  return `${draftsText(run.drafts)} written${textedText(skip)}${unwritten}`;
};
