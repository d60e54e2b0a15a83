import { TZDate } from '@date-fns/tz';
import type { LastMorning } from '#shared/contract/companies';
import type { DraftTextOutcome, MorningSkip } from '#shared/domain/content';
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
      drafts: number;
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
