import type { Company } from '#shared/contract/companies';
import type { CompanyRecord } from '../../core/db/entities/company';
import { companyMorningHour, companyTimeZone } from './company-time-zone';

/**
 * The company as the API shows it, in the field names clients read (`_id`, `user`,
 * `subscription.status`). In core because two groups answer a company: companies, and billing
 * (a plan changed in place answers the company as it now is).
 */
export const toCompany = (record: CompanyRecord): Company => ({
  _id: record.companyId,
  user: record.userId,
  name: record.name,
  description: record.description,
  website: record.website,
  brandColors: record.brandColors,
  brandVoice: record.brandVoice,
  subscriptionTier: record.subscriptionTier,
  trialEndDate: record.trialEndDate ?? null,
  stripeCustomerId: record.stripeCustomerId ?? null,
  stripeSubscriptionId: record.stripeSubscriptionId ?? null,
  pendingDowngrade: record.pendingDowngrade,
  subscriptionCurrentPeriodEnd: record.subscriptionCurrentPeriodEnd ?? null,
  subscription: { status: record.subscriptionStatus ?? null },
  founder: record.founder,
  timeZone: companyTimeZone(record),
  timeZoneChosen: record.timeZone !== undefined,
  morningHour: companyMorningHour(record),
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});
