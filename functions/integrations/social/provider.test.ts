import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { CONNECTABLE_PLATFORMS, PLATFORM_IDS, type ConnectableTable } from '#shared/domain/tiers';
import { withEnvironment } from '#functions/core/environment';
import { logger } from '#functions/core/logger';
import { ProviderMisconfigured } from './provider-errors';
import { SOCIAL_CLIENTS, socialClient } from './provider';
import type { SocialClient } from './social-client';

describe('social client provider', () => {
  it('has a client for each platform an owner can connect and an explicit none for the others', () => {
    // Checked by typecheck: a platform made connectable without a client does not compile.
    expectTypeOf(SOCIAL_CLIENTS).toEqualTypeOf<ConnectableTable<() => Promise<SocialClient>>>();
    expect(PLATFORM_IDS.filter((platform) => SOCIAL_CLIENTS[platform] !== null)).toEqual(
      CONNECTABLE_PLATFORMS,
    );
  });

  it('refuses a platform whose client is not configured, naming the variable', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(withEnvironment({}, () => socialClient('twitter'))).rejects.toBeInstanceOf(
      ProviderMisconfigured,
    );
    await expect(withEnvironment({}, () => socialClient('linkedin'))).rejects.toThrow(
      /LINKEDIN_CLIENT_ID/,
    );
    vi.restoreAllMocks();
  });

  it('makes each client once, from the configured id, secret and addresses', async () => {
    const x = await withEnvironment(
      {
        X_CLIENT_ID: 'x-id',
        X_CLIENT_SECRET: 'x-secret',
        X_AUTHORIZE_URL: 'http://localhost:3000/_sandbox/providers/x/i/oauth2/authorize',
      },
      () => socialClient('twitter'),
    );
    expect(x.platform).toBe('twitter');
    const url = new URL(
      x.authorizationUrl({ state: 's', redirectUri: 'http://a/cb', codeChallenge: 'c' }),
    );
    expect(url.origin + url.pathname).toBe(
      'http://localhost:3000/_sandbox/providers/x/i/oauth2/authorize',
    );
    expect(url.searchParams.get('client_id')).toBe('x-id');
    expect(await socialClient('twitter')).toBe(x);

    const linkedIn = await withEnvironment(
      { LINKEDIN_CLIENT_ID: 'li-id', LINKEDIN_CLIENT_SECRET: 'li-secret' },
      () => socialClient('linkedin'),
    );
    expect(linkedIn.platform).toBe('linkedin');
    expect(
      linkedIn.authorizationUrl({ state: 's', redirectUri: 'http://a/cb', codeChallenge: 'c' }),
    ).toMatch(/^https:\/\/www\.linkedin\.com\/oauth\/v2\/authorization\?.*client_id=li-id/);
  });
});
