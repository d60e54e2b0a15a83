import { describe, expect, it } from 'vitest';
import {
  companySummaryOf,
  companySummarySchema,
  DESCRIPTION_PREVIEW_MAX,
  descriptionPreview,
  type Company,
} from './companies';

describe('descriptionPreview', () => {
  it('keeps a short description as it is, its spaces tidied', () => {
    expect(descriptionPreview('')).toBe('');
    expect(descriptionPreview('  Small-batch\n\nroasters  ')).toBe('Small-batch roasters');
    const exact = 'x'.repeat(DESCRIPTION_PREVIEW_MAX);
    expect(descriptionPreview(exact)).toBe(exact);
  });

  it('cuts a long one at a word, with an ellipsis', () => {
    const words = 'Small-batch roasters in Portland. '.repeat(20);
    const preview = descriptionPreview(words);
    expect(preview.length).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_MAX + 1);
    expect(preview.endsWith('…')).toBe(true);
    expect(words.startsWith(preview.slice(0, -1))).toBe(true);
    expect(preview.slice(0, -1)).not.toMatch(/\s$/);
    expect(words.charAt(preview.length - 1)).toMatch(/\s/);
  });

  it('cuts one long word where it must', () => {
    const preview = descriptionPreview('y'.repeat(DESCRIPTION_PREVIEW_MAX * 2));
    expect(preview).toBe(`${'y'.repeat(DESCRIPTION_PREVIEW_MAX)}…`);
  });
});

describe('companySummaryOf', () => {
  const company: Company = {
    _id: 'c1',
    user: 'u1',
    name: 'Harbor Coffee',
    description: 'Roasters',
    website: 'https://harbor.coffee',
    brandColors: ['#0B5FFF'],
    brandVoice: 'Warm',
    subscriptionTier: 'gold',
    trialEndDate: null,
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    pendingDowngrade: false,
    subscriptionCurrentPeriodEnd: '2026-12-01T00:00:00.000Z',
    subscription: { status: 'active' },
    founder: false,
    timeZone: 'America/Chicago',
    timeZoneChosen: true,
    morningHour: 8,
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
  };

  it('is exactly what the summary schema declares, and no more', () => {
    const summary = companySummaryOf(company);
    expect(companySummarySchema.strict().parse(summary)).toEqual(summary);
    expect(summary).toEqual({
      _id: 'c1',
      name: 'Harbor Coffee',
      website: 'https://harbor.coffee',
      brandColors: ['#0B5FFF'],
      descriptionPreview: 'Roasters',
      subscriptionTier: 'gold',
      trialEndDate: null,
      stripeSubscriptionId: 'sub_1',
      subscription: { status: 'active' },
      founder: false,
      timeZone: 'America/Chicago',
      agenda: { draftsWaiting: 0, nextPost: null },
    });
  });
});
