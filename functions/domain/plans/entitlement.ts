import {
  effectiveTierOf,
  entitlementOf,
  LAPSED_MESSAGES,
  type Entitlement,
  type PlanFacts,
} from '#shared/domain/subscription';
import { PLATFORMS, TIERS, type PlatformId, type TierId } from '#shared/domain/tiers';
import type { CompanyRecord } from '../../core/db/entities/company';
import { LimitReached } from '../../core/errors';

/**
 * What a company may do because of its plan, enforced on the server: AI generation and
 * publishing need a plan (a trial, a founder's company, or a paying subscription), and the tier
 * whose limits apply is the effective one (a gold company whose subscription is not paid is on
 * intro's platforms and limits). Content, AI and the publisher job all ask here; reading stays
 * open to every company.
 */

/** The plan fields of a company as stored. */
export type CompanyPlan = Pick<
  CompanyRecord,
  'subscriptionTier' | 'founder' | 'trialEndDate' | 'stripeSubscriptionId' | 'subscriptionStatus'
>;

/** A stored company in the shape the shared plan rules read (the API's field names). */
export const planFactsOf = (company: CompanyPlan): PlanFacts => ({
  subscriptionTier: company.subscriptionTier,
  founder: company.founder,
  trialEndDate: company.trialEndDate ?? null,
  stripeSubscriptionId: company.stripeSubscriptionId ?? null,
  subscription: { status: company.subscriptionStatus ?? null },
});

export const companyEntitlement = (company: CompanyPlan, now: number = Date.now()): Entitlement =>
  entitlementOf(planFactsOf(company), now);

/** The tier whose platforms and limits apply now (intro unless a subscription is paying). */
export const companyEffectiveTier = (company: CompanyPlan, now: number = Date.now()): TierId =>
  effectiveTierOf(planFactsOf(company), now);

/** Refuses a company whose trial or subscription has ended (402 SUBSCRIPTION_REQUIRED). */
const ensureEntitled = (company: CompanyPlan, now: number): void => {
  const entitlement = companyEntitlement(company, now);
  if (entitlement.kind === 'lapsed') {
    throw new LimitReached('SUBSCRIPTION_REQUIRED', LAPSED_MESSAGES[entitlement.reason]);
  }
};

/** Before any AI generation (drafts, revisions, campaigns). */
export const ensureMayGenerate = (company: CompanyPlan, now: number = Date.now()): void =>
  ensureEntitled(company, now);

/** Before any publishing (Post now, the publisher job), before tokens or providers are touched. */
export const ensureMayPublish = (company: CompanyPlan, now: number = Date.now()): void =>
  ensureEntitled(company, now);

/**
 * A company may connect and post to the platforms its effective tier includes (intro: X; gold
 * adds LinkedIn). Checked when connecting, again at the callback (the plan may have changed
 * during the consent), and on every post (a downgrade or an unpaid subscription keeps the
 * credential but stops its use).
 */
export const ensurePlatformInTier = (
  company: CompanyPlan,
  platform: PlatformId,
  now: number = Date.now(),
): void => {
  const tier = TIERS[companyEffectiveTier(company, now)];
  if (tier.allowedPlatforms.includes(platform)) return;
  const name = PLATFORMS[platform].name;
  const subscribed = TIERS[company.subscriptionTier];
  // A paid tier that would include it, whose subscription is not being paid: say so.
  const message = subscribed.allowedPlatforms.includes(platform)
    ? `${name} is not included in the ${tier.name} plan, which applies while your ${subscribed.name} subscription is not active. Renew it to use ${name}.`
    : `${name} is not included in the ${tier.name} plan. Upgrade to use it.`;
  throw new LimitReached('PLATFORM_NOT_IN_TIER', message);
};
