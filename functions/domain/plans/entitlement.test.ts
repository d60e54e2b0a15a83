import { describe, expect, it } from 'vitest';
import { LAPSED_MESSAGES } from '#shared/domain/subscription';
import { LimitReached } from '../../core/errors';
import {
  companyEffectiveTier,
  companyEntitlement,
  ensureMayGenerate,
  ensureMayPublish,
  ensurePlatformInTier,
  type CompanyPlan,
} from './entitlement';

const NOW = Date.parse('2026-06-10T12:00:00Z');
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();

const trial: CompanyPlan = { subscriptionTier: 'intro', founder: false, trialEndDate: inDays(3) };
const expiredTrial: CompanyPlan = { ...trial, trialEndDate: inDays(-1) };
const founder: CompanyPlan = { subscriptionTier: 'intro', founder: true };
const paying = (
  tier: CompanyPlan['subscriptionTier'],
  status: CompanyPlan['subscriptionStatus'] = 'active',
): CompanyPlan => ({
  subscriptionTier: tier,
  founder: false,
  trialEndDate: inDays(-30),
  stripeSubscriptionId: 'sub_1',
  subscriptionStatus: status,
});

const refusal = (act: () => void) => {
  try {
    act();
  } catch (error) {
    expect(error).toBeInstanceOf(LimitReached);
    return { code: (error as LimitReached).code, message: (error as LimitReached).message };
  }
  return undefined;
};

describe('entitlement', () => {
  it('reads stored companies with the shared rules', () => {
    expect(companyEntitlement(trial, NOW)).toEqual({ kind: 'trial', endsAt: inDays(3) });
    expect(companyEntitlement(founder, NOW)).toEqual({ kind: 'founder' });
    expect(companyEntitlement(paying('gold'), NOW)).toEqual({ kind: 'subscribed' });
    expect(companyEntitlement(paying('gold', 'past_due'), NOW)).toEqual({ kind: 'subscribed' });
    expect(companyEntitlement(paying('gold', 'canceled'), NOW)).toEqual({
      kind: 'lapsed',
      reason: 'subscription-ended',
    });
    expect(companyEntitlement(expiredTrial, NOW)).toEqual({
      kind: 'lapsed',
      reason: 'trial-ended',
    });
    // A founder who bought a tier and cancelled it is back on intro for life, not lapsed.
    expect(companyEntitlement({ ...paying('gold', 'canceled'), founder: true }, NOW).kind).toBe(
      'founder',
    );
  });

  it('applies a paid tier only while its subscription is paying', () => {
    expect(companyEffectiveTier(paying('gold'), NOW)).toBe('gold');
    expect(companyEffectiveTier(paying('gold', 'unpaid'), NOW)).toBe('intro');
    // Written as gold without any subscription (never paid): intro.
    expect(companyEffectiveTier({ ...trial, subscriptionTier: 'gold' }, NOW)).toBe('intro');
    expect(companyEffectiveTier(founder, NOW)).toBe('intro');
  });

  it('lets a trial, a founder and a subscriber generate and publish, and stops a lapsed plan', () => {
    for (const company of [trial, founder, paying('silver')]) {
      expect(refusal(() => ensureMayGenerate(company, NOW))).toBeUndefined();
      expect(refusal(() => ensureMayPublish(company, NOW))).toBeUndefined();
    }
    expect(refusal(() => ensureMayPublish(expiredTrial, NOW))).toEqual({
      code: 'SUBSCRIPTION_REQUIRED',
      message: LAPSED_MESSAGES['trial-ended'],
    });
    expect(refusal(() => ensureMayGenerate(paying('gold', 'incomplete_expired'), NOW))).toEqual({
      code: 'SUBSCRIPTION_REQUIRED',
      message: LAPSED_MESSAGES['subscription-ended'],
    });
    // The trial ends at its exact instant.
    expect(refusal(() => ensureMayPublish(trial, Date.parse(inDays(3))))?.code).toBe(
      'SUBSCRIPTION_REQUIRED',
    );
  });

  it.each([
    ['intro', ['twitter']],
    ['silver', ['twitter', 'facebook']],
    ['gold', ['twitter', 'facebook', 'linkedin']],
    ['platinum', ['twitter', 'facebook', 'linkedin', 'instagram']],
  ] as const)('opens exactly the %s platforms to a paying %s company', (tier, allowed) => {
    for (const platform of ['twitter', 'linkedin', 'facebook', 'instagram'] as const) {
      const outcome = refusal(() => ensurePlatformInTier(paying(tier), platform, NOW));
      if ((allowed as readonly string[]).includes(platform)) expect(outcome).toBeUndefined();
      else expect(outcome?.code).toBe('PLATFORM_NOT_IN_TIER');
    }
  });

  it('says why a platform is closed: not in the plan, or the plan is not being paid', () => {
    expect(refusal(() => ensurePlatformInTier(trial, 'linkedin', NOW))).toEqual({
      code: 'PLATFORM_NOT_IN_TIER',
      message: 'LinkedIn is not included in the Intro plan. Upgrade to use it.',
    });
    expect(refusal(() => ensurePlatformInTier(paying('gold', 'unpaid'), 'linkedin', NOW))).toEqual({
      code: 'PLATFORM_NOT_IN_TIER',
      message:
        'LinkedIn is not included in the Intro plan, which applies while your Gold subscription is not active. Renew it to use LinkedIn.',
    });
    expect(refusal(() => ensurePlatformInTier(paying('silver'), 'linkedin', NOW))?.message).toBe(
      'LinkedIn is not included in the Silver plan. Upgrade to use it.',
    );
  });
});
