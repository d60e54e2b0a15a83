import { describe, expect, it } from 'vitest';
import {
  consentOfGcs,
  consentStateOf,
  findPersonalData,
  gcsOf,
  isAnalyticsEventName,
  type AnalyticsEvent,
} from './analytics';

describe('findPersonalData', () => {
  it('finds emails, also URL-encoded', () => {
    expect(
      findPersonalData({ params: { page_location: 'https://x.test/a?e=ann%40example.com' } }),
    ).toEqual([{ path: 'params.page_location', kind: 'email', value: 'ann@example.com' }]);
    expect(findPersonalData(['ann@example.com'])).toMatchObject([{ path: '[0]', kind: 'email' }]);
  });

  it.each(['+1 555 010 2000', '+15550102000', '(555) 010-2000', '555-010-2000', '5550102000'])(
    'finds the phone number %s',
    (phone) => {
      expect(findPersonalData({ title: `Call ${phone} now` })).toMatchObject([
        { path: 'title', kind: 'phone' },
      ]);
    },
  );

  it('finds the known names as whole words, in any case', () => {
    expect(findPersonalData({ page_title: 'Dana’s companies' }, ['Dana'])).toMatchObject([
      { kind: 'name', value: 'Dana' },
    ]);
    expect(
      findPersonalData({ page_title: 'Acme Bakery — Sailpost' }, ['acme bakery']),
    ).toHaveLength(1);
    expect(findPersonalData({ page_title: 'Danalytics' }, ['Dana'])).toEqual([]);
  });

  it('leaves what a GA4 payload is made of alone: ids, client ids, times, values', () => {
    const payload = {
      client_id: '1234567890.1764259200',
      user_id: '01JD6Z3Q8K7T1V0M9X2Y4W6R8P',
      time: '2026-11-27T16:50:00.000Z',
      events: [
        {
          name: 'purchase',
          params: { transaction_id: 'in_1QxYz2345678901234', value: 100, currency: 'USD' },
        },
        {
          name: 'page_view',
          params: {
            page_location: 'http://localhost:3000/dashboard/company/01JD6Z3Q8K7T1V0M9X2Y4W6R8P',
            page_title: 'Company — Sailpost',
          },
        },
      ],
    };
    expect(findPersonalData(payload, ['Dana', 'Acme'])).toEqual([]);
  });

  it('reads no phone number into a UUID whose last group is all digits, and still finds one beside it', () => {
    const location = 'http://localhost:3000/dashboard/company/3f1c2a9e-5b7d-4e21-9c0a-708677289501';
    expect(findPersonalData({ page_location: location })).toEqual([]);
    expect(findPersonalData({ page_location: `${location}?to=5550102000` })).toMatchObject([
      { kind: 'phone', value: '5550102000' },
    ]);
  });
});

describe('consent', () => {
  it('asks only about analytics: advertising stays denied', () => {
    expect(consentStateOf({ analytics: true })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
  });

  it('writes and reads gcs as gtag.js does', () => {
    expect(gcsOf(consentStateOf({ analytics: true }))).toBe('G101');
    expect(gcsOf(consentStateOf({ analytics: false }))).toBe('G100');
    expect(consentOfGcs('G101')).toEqual({ ad_storage: 'denied', analytics_storage: 'granted' });
    expect(consentOfGcs('nonsense')).toBeNull();
  });
});

describe('the event map', () => {
  it('refuses, at compile time, a parameter an event may not carry', () => {
    const events: AnalyticsEvent[] = [
      { name: 'login', params: { method: 'google' } },
      // @ts-expect-error an email is no parameter of login
      { name: 'login', params: { method: 'password', email: 'ann@example.com' } },
      // @ts-expect-error sign_up_start carries nothing
      { name: 'sign_up_start', params: { note: 'free text' } },
      // @ts-expect-error the platform is one of ours, not any text
      { name: 'social_connect', params: { platform: 'myspace' } },
    ];
    expect(events.every((event) => isAnalyticsEventName(event.name))).toBe(true);
    expect(isAnalyticsEventName('error:target_not_found')).toBe(false);
  });
});
