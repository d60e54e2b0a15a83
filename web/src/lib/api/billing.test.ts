import { afterEach, describe, expect, it } from 'vitest';
import { applyConsent } from '#web/lib/analytics';
import { acceptAnalytics } from '#web/test/analytics';
import { bodyOfCall, mockFetch } from '#web/test/fetch-mock';
import { createCheckoutSession } from './billing';

const checkoutAnswer = { body: { outcome: 'checkout', sessionId: 'cs_1', url: 'https://stripe' } };

describe('createCheckoutSession', () => {
  afterEach(() => {
    document.cookie = '_ga=; max-age=0; path=/';
  });

  it("carries the browser's GA client id through checkout once analytics was accepted", async () => {
    acceptAnalytics();
    document.cookie = '_ga=GA1.1.1234567890.1700000000; path=/';
    const fetchMock = mockFetch({ 'POST /api/stripe/create-checkout-session': checkoutAnswer });
    await createCheckoutSession({ companyId: 'c1', tier: 'gold' });
    expect(bodyOfCall(fetchMock)).toEqual({
      companyId: 'c1',
      tier: 'gold',
      analyticsClientId: '1234567890.1700000000',
    });
  });

  it('sends no client id once analytics is refused', async () => {
    document.cookie = '_ga=GA1.1.1234567890.1700000000; path=/';
    applyConsent('G-TEST', { analytics: false });
    const fetchMock = mockFetch({ 'POST /api/stripe/create-checkout-session': checkoutAnswer });
    await createCheckoutSession({ companyId: 'c1', tier: 'gold' });
    expect(bodyOfCall(fetchMock)).toEqual({ companyId: 'c1', tier: 'gold' });
  });
});
