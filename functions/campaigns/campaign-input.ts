import type * as z from 'zod';
import type { createCampaignBody, scheduleBody } from '#shared/contract/campaigns';
import {
  CAMPAIGN_TEXTS,
  DEFAULT_POSTING_DAYS,
  DEFAULT_POSTING_TIMES,
} from '#shared/domain/campaigns';
import { campaignDateToIso } from '#shared/domain/campaign-dates';
import { DEFAULT_SCHEDULE_MODE, type ScheduleMode } from '#shared/domain/post-results';
import { PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import type { CampaignRecord } from '../core/db/entities/campaign';
import type { CompanyRecord } from '../core/db/entities/company';
import { Conflict, Invalid } from '../core/errors';
import { companyTimeZone } from '../domain/companies/company-time-zone';
import { connectedPlatforms } from '../domain/companies/connected-platforms';

type ScheduleInput = z.output<ReturnType<typeof scheduleBody>>;
export type StoredSchedule = CampaignRecord['schedule'];
type CampaignInput = z.output<typeof createCampaignBody>;

/**
 * The schedule as stored: the zone sent, else the campaign's own, else the company's; the mode
 * sent, else the campaign's own, else fixed.
 */
export const resolveSchedule = (
  input: ScheduleInput,
  fallbackZone: string,
  fallbackMode: ScheduleMode = DEFAULT_SCHEDULE_MODE,
): StoredSchedule => ({
  timeZone: input.timeZone ?? fallbackZone,
  days: input.days,
  times: input.times,
  mode: input.mode ?? fallbackMode,
});

const invalidDate = (field: 'startDate' | 'endDate', message: string) =>
  new Invalid('VALIDATION_FAILED', message, { [field]: message });

/**
 * A form date as stored: UTC ISO, a date alone being the start of that day in the campaign's
 * zone. The contract has checked the text; the zone (only known here) decides the instant.
 */
export const storedDate = (
  field: 'startDate' | 'endDate',
  value: string,
  timeZone: string,
): string => {
  const iso = campaignDateToIso(value, timeZone);
  if (!iso) throw invalidDate(field, 'Enter a date like 2026-03-01');
  return iso;
};

/** The end may not be before the start (the instants, whatever zones they were typed in). */
export const checkDateOrder = (startDate: string, endDate: string): void => {
  if (endDate < startDate) throw invalidDate('endDate', CAMPAIGN_TEXTS.endBeforeStart);
};

export const platformNotConnectedMessage = (platforms: readonly PlatformId[]): string => {
  const names = platforms.map((platform) => PLATFORMS[platform].name);
  return `Connect ${names.join(' and ')} before adding ${platforms.length > 1 ? 'them' : 'it'} to a campaign`;
};

/** A campaign may only name platforms the company has connected. */
export const checkPlatformsConnected = async (
  company: CompanyRecord,
  platforms: readonly PlatformId[],
): Promise<void> => {
  if (platforms.length === 0) return;
  const connected = await connectedPlatforms(company.companyId);
  const missing = platforms.filter((platform) => !connected.has(platform));
  if (missing.length) {
    const message = platformNotConnectedMessage(missing);
    throw new Conflict('PLATFORM_NOT_CONNECTED', message, { platforms: message });
  }
};

/** Everything a new campaign stores, from the validated body and its company. */
export const newCampaignFields = (company: CompanyRecord, input: CampaignInput) => {
  const schedule = resolveSchedule(
    input.schedule ?? { days: [...DEFAULT_POSTING_DAYS], times: [...DEFAULT_POSTING_TIMES] },
    companyTimeZone(company),
  );
  const startDate = storedDate('startDate', input.startDate, schedule.timeZone);
  const endDate = storedDate('endDate', input.endDate, schedule.timeZone);
  checkDateOrder(startDate, endDate);
  return {
    name: input.name,
    description: input.description,
    campaignIntention: input.campaignIntention,
    status: input.status,
    platforms: input.platforms,
    startDate,
    endDate,
    contentSeeds: input.contentSeeds,
    schedule,
  };
};
