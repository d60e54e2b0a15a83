import { describe, expect, it } from 'vitest';
import { describeBrowser, pageCameFrom } from './ticket-context';

describe('describeBrowser', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18 on iOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133 on Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131 on Android',
    ],
  ])('%s → %s', (userAgent, described) => {
    expect(describeBrowser(userAgent)).toBe(described);
  });

  it('keeps an unknown user agent as it is', () => {
    expect(describeBrowser('curl/8.5.0')).toBe('curl/8.5.0');
    expect(describeBrowser('')).toBe('Unknown browser');
  });
});

describe('pageCameFrom', () => {
  const origin = 'https://app.sailpost.test';

  it('takes the page the Support link was followed from', () => {
    expect(pageCameFrom({ from: '/dashboard/company/c1/campaigns' }, '', origin)).toBe(
      '/dashboard/company/c1/campaigns',
    );
  });

  it('falls back on a referrer of this app, and ignores one from elsewhere', () => {
    expect(pageCameFrom(null, `${origin}/dashboard/platforms?x=1`, origin)).toBe(
      '/dashboard/platforms?x=1',
    );
    expect(pageCameFrom(null, 'https://mail.example.com/inbox', origin)).toBeNull();
    expect(pageCameFrom({ from: 'https://evil.example' }, '', origin)).toBeNull();
  });

  it('does not name Support itself', () => {
    expect(pageCameFrom({ from: '/dashboard/support?ticket=t1' }, '', origin)).toBeNull();
    expect(pageCameFrom(null, `${origin}/dashboard/support`, origin)).toBeNull();
  });
});
