import { describe, expect, expectTypeOf, it } from 'vitest';
import type { PostBody, PublishedPost } from '#shared/contract/platforms';
import { CONNECTABLE_PLATFORMS, PLATFORM_IDS, type ConnectableTable } from '#shared/domain/tiers';
import { AUTH_STARTS } from './get-auth-url';
import { POST_NOW } from './post-now';

/*
 * Connecting and posting now exist for the platforms an owner can connect: each has its own
 * route, and every other platform an explicit "not yet", so a platform made connectable without
 * its routes does not compile (checked by typecheck) rather than going to another's.
 */
describe("each platform's routes", () => {
  it('start a connection for each platform that can be connected, and for no other', () => {
    expectTypeOf(AUTH_STARTS).toEqualTypeOf<
      ConnectableTable<(companyId: string) => Promise<{ url: string }>>
    >();
    expect(PLATFORM_IDS.filter((platform) => AUTH_STARTS[platform] !== null)).toEqual(
      CONNECTABLE_PLATFORMS,
    );
  });

  it('post now for each platform that can be connected, and for no other', () => {
    expectTypeOf(POST_NOW).toEqualTypeOf<
      ConnectableTable<(companyId: string, body: PostBody) => Promise<PublishedPost>>
    >();
    expect(PLATFORM_IDS.filter((platform) => POST_NOW[platform] !== null)).toEqual(
      CONNECTABLE_PLATFORMS,
    );
  });
});
