import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_STORAGE_KEY } from './consent';

/** A fresh module each test: its state (loaded, sending) is the page's. */
const freshAnalytics = async () => {
  vi.resetModules();
  return import('./analytics');
};

const commands = () =>
  (window.dataLayer ?? []).map((command) => Array.from(command as ArrayLike<unknown>));

const tagScripts = () => document.head.querySelectorAll('script[src*="gtag/js"]');

const store = (analytics: boolean) =>
  localStorage.setItem(
    CONSENT_STORAGE_KEY,
    JSON.stringify({ analytics, decidedAt: '2026-01-01T00:00:00.000Z' }),
  );

beforeEach(() => {
  tagScripts().forEach((script) => script.remove());
});

describe('analytics in basic consent mode', () => {
  it('loads nothing and sends nothing before a decision, or after a refusal', async () => {
    const { applyConsent, track } = await freshAnalytics();
    track('sign_up_start');
    applyConsent('G-TEST', { analytics: false });
    track('sign_up_start');
    expect(commands()).toEqual([]);
    expect(tagScripts()).toHaveLength(0);
  });

  it('on acceptance: every type denied first, one update, then the tag, without its own page view', async () => {
    const { applyConsent, analyticsClientId } = await freshAnalytics();
    applyConsent('G-TEST', { analytics: true });
    expect(commands().map((command) => command.slice(0, 2))).toEqual([
      ['consent', 'default'],
      ['consent', 'update'],
      ['js', expect.any(Date)],
      ['config', 'G-TEST'],
    ]);
    expect(commands()[0]![2]).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
    expect(commands()[1]![2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
    expect(commands()[3]![2]).toEqual({ send_page_view: false });
    expect([...tagScripts()].map((script) => script.getAttribute('src'))).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=G-TEST',
    ]);
    document.cookie = '_ga=GA1.1.1234567890.1764259200; path=/';
    expect(analyticsClientId()).toBe('1234567890.1764259200');
  });

  it("loads the sandbox stand-in's tag from this origin for the fake id", async () => {
    const { applyConsent } = await freshAnalytics();
    applyConsent('G-SANDBOX', { analytics: true });
    expect(tagScripts()[0]!.getAttribute('src')).toBe(
      '/_sandbox/providers/google-analytics/gtag/js?id=G-SANDBOX',
    );
  });

  it('withdrawing: one update, nothing sent after it, the client id forgotten', async () => {
    const { applyConsent, track, analyticsClientId } = await freshAnalytics();
    applyConsent('G-TEST', { analytics: true });
    document.cookie = '_ga=GA1.1.1234567890.1764259200; path=/';
    applyConsent('G-TEST', { analytics: false });
    track('login', { method: 'password' });
    expect(commands().filter(([kind]) => kind === 'consent')).toHaveLength(3);
    expect(commands().at(-1)).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'denied' }),
    ]);
    expect(commands().some(([kind]) => kind === 'event')).toBe(false);
    expect(analyticsClientId()).toBeUndefined();
    expect(document.cookie).not.toContain('_ga=');
  });

  it('keeps events of a page that loaded with analytics accepted until the decision is applied', async () => {
    store(true);
    const { applyConsent, track } = await freshAnalytics();
    track('social_connect', { platform: 'twitter' });
    expect(commands()).toEqual([]);
    applyConsent('G-TEST', { analytics: true });
    expect(commands().at(-1)).toEqual(['event', 'social_connect', { platform: 'twitter' }]);
  });

  it('drops them when the stored decision is a refusal', async () => {
    store(false);
    const { applyConsent, track } = await freshAnalytics();
    track('social_connect', { platform: 'twitter' });
    applyConsent('G-TEST', { analytics: false });
    expect(commands()).toEqual([]);
  });
});
