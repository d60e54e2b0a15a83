import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { TierId } from '#shared/domain/tiers';
import { planChangeOf, statusOf, subscriptionFactsOf } from './subscription-state';

const PRICES: Record<string, TierId> = { price_gold: 'gold', price_platinum: 'platinum' };
const tierOf = (price: string) => PRICES[price];

const PERIOD_END = 1_800_000_000;

/** A subscription as Stripe answers it, with only the fields the mapping reads. */
const subscription = (overrides: Partial<Record<string, unknown>> = {}): Stripe.Subscription =>
  ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    created: 1_700_000_000,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { companyId: 'company-1', tier: 'gold' },
    items: {
      object: 'list',
      data: [{ id: 'si_1', price: { id: 'price_gold' }, current_period_end: PERIOD_END }],
    },
    ...overrides,
  }) as unknown as Stripe.Subscription;

const changeOf = (value: Stripe.Subscription) =>
  planChangeOf(value, subscriptionFactsOf(value, tierOf));

describe('what a subscription means for its company', () => {
  it('an active one: its tier, active, renewing at the item period end', () => {
    expect(changeOf(subscription())).toEqual({
      stripeSubscriptionId: 'sub_1',
      subscriptionStatus: 'active',
      subscriptionTier: 'gold',
      pendingDowngrade: false,
      subscriptionCurrentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(),
    });
  });

  it('takes the tier from the price before the metadata (a change in place moves the price)', () => {
    const moved = subscription({
      items: { data: [{ id: 'si_1', price: { id: 'price_platinum' }, current_period_end: 1 }] },
    });
    expect(changeOf(moved).subscriptionTier).toBe('platinum');
  });

  it('falls back to the metadata for a price that is none of ours, and keeps the tier without either', () => {
    const foreign = { data: [{ id: 'si_1', price: { id: 'price_other' }, current_period_end: 1 }] };
    expect(changeOf(subscription({ items: foreign })).subscriptionTier).toBe('gold');
    expect(
      changeOf(subscription({ items: foreign, metadata: { companyId: 'company-1' } }))
        .subscriptionTier,
    ).toBeUndefined();
  });

  it('cancelling at the period end is a pending downgrade until then', () => {
    expect(changeOf(subscription({ cancel_at_period_end: true }))).toMatchObject({
      subscriptionTier: 'gold',
      subscriptionStatus: 'active',
      pendingDowngrade: true,
      subscriptionCurrentPeriodEnd: new Date(PERIOD_END * 1000).toISOString(),
    });
  });

  it('a cancellation at a date (set in the portal) is one too, ending at that date', () => {
    expect(changeOf(subscription({ cancel_at: PERIOD_END - 100 }))).toMatchObject({
      pendingDowngrade: true,
      subscriptionCurrentPeriodEnd: new Date((PERIOD_END - 100) * 1000).toISOString(),
    });
  });

  it.each(['canceled', 'incomplete_expired'] as const)(
    'an ended one (%s) drops the company to intro, keeping its id and status',
    (status) => {
      expect(changeOf(subscription({ status, cancel_at_period_end: true }))).toEqual({
        stripeSubscriptionId: 'sub_1',
        subscriptionStatus: status,
        subscriptionTier: 'intro',
        pendingDowngrade: false,
        subscriptionCurrentPeriodEnd: null,
      });
    },
  );

  it.each(['past_due', 'unpaid', 'incomplete', 'trialing'] as const)(
    'a %s one keeps its tier and says its status (the entitlement decides what it allows)',
    (status) => {
      expect(changeOf(subscription({ status }))).toMatchObject({
        subscriptionTier: 'gold',
        subscriptionStatus: status,
      });
    },
  );

  it('reads paused (no status of ours) as unpaid', () => {
    expect(statusOf('paused')).toBe('unpaid');
    expect(statusOf('past_due')).toBe('past_due');
  });

  it('names the company, the customer (expanded or not) and when it was created', () => {
    const facts = subscriptionFactsOf(
      subscription({ customer: { id: 'cus_2', object: 'customer' } }),
      tierOf,
    );
    expect(facts).toMatchObject({
      companyId: 'company-1',
      customerId: 'cus_2',
      created: 1_700_000_000,
      ended: false,
    });
    expect(subscriptionFactsOf(subscription({ metadata: {} }), tierOf).companyId).toBeUndefined();
  });
});
