import { describe, expect, inject, it } from 'vitest';
import { call, registerUser } from './http';

describe('POST /ai/company-profile', () => {
  it('drafts description, brand voice and colours from the company website (offline drafter in the sandbox)', async () => {
    const { token } = await registerUser();
    const result = await call('POST', '/ai/company-profile', {
      token,
      body: { website: `${inject('testSiteOrigin')}/` },
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      name: 'Harbor Coffee',
      brandColors: ['#0B5FFF', '#E4572E'],
      source: 'offline',
      website: `${inject('testSiteOrigin')}/`,
    });
    expect(result.body.description).toContain(
      'roasts small batches of single-origin beans in Portland & ships them fresh',
    );
    expect(result.body.brandVoice).toEqual(expect.stringContaining('"we"'));
  });

  it('refuses loopback, private and link-local addresses, also after a redirect', async () => {
    const { token } = await registerUser();
    for (const website of [
      'http://127.0.0.1:9/',
      'http://localhost/',
      'http://192.168.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      `${inject('testSiteOrigin')}/to-private`,
    ]) {
      const result = await call('POST', '/ai/company-profile', { token, body: { website } });
      expect(result.status, website).toBe(400);
      expect(result.body).toMatchObject({
        code: 'WEBSITE_PRIVATE',
        message: "This address can't be read from here",
        fields: { website: "This address can't be read from here" },
      });
    }
  });

  it('validates the address and needs a session', async () => {
    const { token } = await registerUser();
    expect((await call('POST', '/ai/company-profile', { token, body: {} })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { website: 'Website is required' },
    });
    expect(
      (
        await call('POST', '/ai/company-profile', {
          token,
          body: { website: 'javascript:alert(1)' },
        })
      ).body,
    ).toMatchObject({
      code: 'WEBSITE_INVALID',
      message: 'Please enter a valid website address, like https://example.com',
    });
    expect(
      (await call('POST', '/ai/company-profile', { body: { website: 'https://example.com' } })).body
        .code,
    ).toBe('UNAUTHENTICATED');
  });
});
