import { describe, expect, it } from 'vitest';
import { makeCompany } from '#web/test/fixtures';
import { planChoicesOf } from './plan-choices';

const NOW = Date.parse('2026-11-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const paying = (tier: 'intro' | 'silver' | 'gold' | 'platinum', extra = {}) =>
  makeCompany({
    subscriptionTier: tier,
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    subscription: { status: 'active' },
    ...extra,
  });

const summary = (company: ReturnType<typeof makeCompany>) =>
  planChoicesOf(company, NOW).tiers.map(({ tier, price, currentLabel, action }) => ({
    tier,
    price,
    currentLabel,
    action,
  }));

describe('planChoicesOf', () => {
  it('on trial: intro is current (the trial) and every tier can be chosen', () => {
    expect(summary(makeCompany({ trialEndDate: new Date(NOW + 5 * DAY).toISOString() }))).toEqual([
      { tier: 'intro', price: '$30', currentLabel: 'Free trial', action: 'Choose Plan' },
      { tier: 'silver', price: '$100', currentLabel: null, action: 'Choose Plan' },
      { tier: 'gold', price: '$150', currentLabel: null, action: 'Choose Plan' },
      { tier: 'platinum', price: '$300', currentLabel: null, action: 'Choose Plan' },
    ]);
  });

  it('paying: the tier is current, dearer ones upgrade, cheaper ones switch', () => {
    expect(summary(paying('gold'))).toEqual([
      { tier: 'intro', price: '$30', currentLabel: null, action: 'Switch to Intro' },
      { tier: 'silver', price: '$100', currentLabel: null, action: 'Switch to Silver' },
      { tier: 'gold', price: '$150', currentLabel: 'Current plan', action: null },
      { tier: 'platinum', price: '$300', currentLabel: null, action: 'Upgrade' },
    ]);
    const plans = planChoicesOf(paying('gold'), NOW);
    expect(plans.canCancel).toBe(true);
    expect(plans.cancelsOn).toBeNull();
    expect(plans.hasBillingDetails).toBe(true);
  });

  it('a founder: intro free for life and current, never for sale; paid tiers upgrade', () => {
    const plans = planChoicesOf(makeCompany({ founder: true }), NOW);
    expect(plans.tiers[0]).toMatchObject({
      price: 'Free',
      period: 'for life',
      founderFree: true,
      currentLabel: 'Current plan',
      action: null,
    });
    expect(plans.tiers.slice(1).map((tier) => tier.action)).toEqual([
      'Upgrade',
      'Upgrade',
      'Upgrade',
    ]);
    expect(plans.canCancel).toBe(false);
  });

  it('a founder paying for Silver: intro is not offered for sale', () => {
    const plans = planChoicesOf(paying('silver', { founder: true }), NOW);
    expect(plans.tiers[0]).toMatchObject({ founderFree: true, current: false, action: null });
    expect(plans.tiers[1]).toMatchObject({ currentLabel: 'Current plan', action: null });
  });

  it('lapsed: nothing is current; every tier can be chosen', () => {
    const plans = planChoicesOf(
      makeCompany({ trialEndDate: new Date(NOW - DAY).toISOString() }),
      NOW,
    );
    expect(plans.entitlement).toEqual({ kind: 'lapsed', reason: 'trial-ended' });
    expect(plans.tiers.every((tier) => !tier.current && tier.action === 'Choose Plan')).toBe(true);
  });

  it('a cancellation at the period end: its date, Resume instead of Cancel', () => {
    const plans = planChoicesOf(
      paying('gold', {
        pendingDowngrade: true,
        subscriptionCurrentPeriodEnd: '2026-12-01T00:00:00.000Z',
      }),
      NOW,
    );
    expect(plans.cancelsOn).toBe('2026-12-01T00:00:00.000Z');
    expect(plans.canCancel).toBe(false);
  });

  it('past due still pays (Stripe is retrying the card)', () => {
    const plans = planChoicesOf(paying('gold', { subscription: { status: 'past_due' } }), NOW);
    expect(plans.entitlement.kind).toBe('subscribed');
    expect(plans.canCancel).toBe(true);
  });
});
