import { DEFAULT_MORNING_HOUR, DEFAULT_TIME_ZONE } from '#shared/domain/limits';
import type { CompanyRecord } from '../../core/db/entities/company';

/** The zone a company counts its days in: its own, or UTC until its owner's browser gives one. */
export const companyTimeZone = (company: Pick<CompanyRecord, 'timeZone'>): string =>
  company.timeZone ?? DEFAULT_TIME_ZONE;

/** The local hour of the company's morning drafts and text: its own, or 8:00 (older companies). */
export const companyMorningHour = (company: Pick<CompanyRecord, 'morningHour'>): number =>
  company.morningHour ?? DEFAULT_MORNING_HOUR;
