import { describe, expect, it } from 'vitest';
import { subscriptionIssueOf, trialStateOf } from './subscription';

const NOW = Date.parse('2026-11-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const trialEnding = (ms: number, stripeSubscriptionId: string | null = null, founder = false) => ({
  trialEndDate: new Date(NOW + ms).toISOString(),
  stripeSubscriptionId,
  founder,
});

describe('trialStateOf', () => {
  it('is null without a trial end date or with a subscription', () => {
    expect(
      trialStateOf({ trialEndDate: null, stripeSubscriptionId: null, founder: false }, NOW),
    ).toBeNull();
    expect(trialStateOf(trialEnding(5 * DAY, 'sub_1'), NOW)).toBeNull();
  });

  it("is never shown for a founder's company, whatever its dates", () => {
    expect(trialStateOf(trialEnding(5 * DAY, null, true), NOW)).toBeNull();
    expect(trialStateOf(trialEnding(DAY, null, true), NOW)).toBeNull();
    expect(trialStateOf(trialEnding(-3 * DAY, null, true), NOW)).toBeNull();
  });

  it('rounds the days left up', () => {
    expect(trialStateOf(trialEnding(13 * DAY + 1), NOW)).toEqual({ kind: 'active', daysLeft: 14 });
    expect(trialStateOf(trialEnding(2 * DAY + 60_000), NOW)).toEqual({
      kind: 'active',
      daysLeft: 3,
    });
  });

  it('is ending at 2 days or fewer', () => {
    expect(trialStateOf(trialEnding(2 * DAY), NOW)).toEqual({ kind: 'ending', daysLeft: 2 });
    expect(trialStateOf(trialEnding(60_000), NOW)).toEqual({ kind: 'ending', daysLeft: 1 });
  });

  it('is expired once the end date has passed', () => {
    expect(trialStateOf(trialEnding(0), NOW)).toEqual({ kind: 'expired' });
    expect(trialStateOf(trialEnding(-3 * DAY), NOW)).toEqual({ kind: 'expired' });
  });
});

describe('subscriptionIssueOf', () => {
  it('says nothing for no status or active', () => {
    expect(subscriptionIssueOf({ subscription: { status: null } })).toBeNull();
    expect(subscriptionIssueOf({ subscription: { status: 'active' } })).toBeNull();
  });

  it('explains every other status', () => {
    expect(subscriptionIssueOf({ subscription: { status: 'past_due' } })).toBe(
      'Your payment is past due. Please update your payment method to avoid service interruption.',
    );
    expect(subscriptionIssueOf({ subscription: { status: 'incomplete_expired' } })).toBe(
      'Your subscription setup has expired. Please set up a new subscription.',
    );
  });
});
