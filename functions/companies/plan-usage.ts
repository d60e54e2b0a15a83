import type { PlanUsage } from '#shared/contract/companies';
import type { CompanyRecord } from '../core/db/entities/company';
import { companyEffectiveTier, companyEntitlement } from '../domain/plans/entitlement';
import { generationsUsedToday } from '../domain/plans/generation-quota';
import { companyTimeZone } from '../domain/companies/company-time-zone';

/**
 * What the company's plan allows today: the tier whose limits apply, why (subscribed, founder,
 * trial, lapsed), and today's AI generations in the company's time zone — the numbers the server
 * enforces, from the same helpers.
 */
export const planUsageOf = async (
  company: CompanyRecord,
  now: number = Date.now(),
): Promise<PlanUsage> => ({
  effectiveTier: companyEffectiveTier(company, now),
  entitlement: companyEntitlement(company, now).kind,
  generations: await generationsUsedToday(company, now),
  timeZone: companyTimeZone(company),
});
