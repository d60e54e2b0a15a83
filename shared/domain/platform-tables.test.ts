import { describe, expect, expectTypeOf, it } from 'vitest';
import { mediaUploadRequestSchema, POST_TEXT_MAX } from '../contract/platforms';
import { CONTENT_TEXT_MAX } from './content';
import { PLATFORM_MEDIA, type PlatformMediaRules } from './platform-media';
import { POST_TEXT_RULES, type PostTextRule } from './post-text-rules';
import {
  CONNECTABLE_PLATFORMS,
  isConnectable,
  PLATFORM_IDS,
  platformName,
  platformNameOf,
  PLATFORMS,
  type ConnectablePlatform,
  type ConnectableTable,
  type PlatformTable,
} from './tiers';

/*
 * A layer that works per platform is a table with an entry for each: the compiler, not a default
 * branch, decides what a platform without one gets. These cases are checked by `npm run
 * typecheck`: each `@ts-expect-error` fails it when the table type stops refusing what it marks.
 */

// The tables below are given to these as they are declared: each checks its argument's type.
const platformTable = <T>(table: PlatformTable<T>) => table;
const connectableTable = <T>(table: ConnectableTable<T>) => table;

describe('a platform table', () => {
  it('has an entry for every platform, or the compiler names the one it lacks', () => {
    // @ts-expect-error: instagram has no entry
    platformTable<string>({ twitter: 'a', linkedin: 'b', facebook: 'c' });
    platformTable<string>({ twitter: 'a', linkedin: 'b', facebook: 'c', instagram: 'd' });
  });

  it('gives each platform that can be connected its entry, never an explicit "not yet"', () => {
    // @ts-expect-error: instagram has no entry
    connectableTable<number>({ twitter: 1, linkedin: 2, facebook: 3 });
    connectableTable<number>({
      twitter: 1,
      linkedin: 2,
      // @ts-expect-error: facebook can be connected, so "not yet" is no entry for it
      facebook: null,
      instagram: 4,
    });
    const complete = connectableTable<number>({
      twitter: 1,
      linkedin: 2,
      facebook: 3,
      instagram: 4,
    });
    // A platform that can be connected always finds its entry.
    expectTypeOf(complete.facebook).toEqualTypeOf<number>();
    expectTypeOf<ConnectableTable<number>[ConnectablePlatform]>().toEqualTypeOf<number>();
  });

  it("is how the product's platform rules are declared", () => {
    expectTypeOf(PLATFORM_MEDIA).toEqualTypeOf<ConnectableTable<PlatformMediaRules>>();
    expectTypeOf(POST_TEXT_RULES).toEqualTypeOf<PlatformTable<PostTextRule>>();
    // Media rules exist for the platforms we publish to.
    expect(PLATFORM_IDS.filter((platform) => PLATFORM_MEDIA[platform] !== null)).toEqual(
      CONNECTABLE_PLATFORMS,
    );
  });
});

describe('the bounds of a text', () => {
  it('are the longest limit of the platforms it may go to', () => {
    // Posting now may go to Facebook, as may an edited draft.
    expect(POST_TEXT_MAX).toBe(POST_TEXT_RULES.facebook.max);
    expect(POST_TEXT_MAX).toBe(63206);
    expect(CONTENT_TEXT_MAX).toBe(POST_TEXT_RULES.facebook.max);
    expect(CONTENT_TEXT_MAX).toBe(63206);
  });
});

describe('the platforms', () => {
  it('are coming soon exactly when they cannot be connected', () => {
    expectTypeOf(PLATFORMS.facebook.comingSoon).toEqualTypeOf<false>();
    expectTypeOf(PLATFORMS.twitter.comingSoon).toEqualTypeOf<false>();
    expect(PLATFORM_IDS.filter(isConnectable)).toEqual(CONNECTABLE_PLATFORMS);
    expect(PLATFORM_IDS.filter((platform) => !PLATFORMS[platform].comingSoon)).toEqual(
      CONNECTABLE_PLATFORMS,
    );
    expect(isConnectable('mastodon')).toBe(false);
  });

  it('each have one name for owners, one short name, and the name X had', () => {
    expect(PLATFORM_IDS.map(platformName)).toEqual([
      'X (Twitter)',
      'LinkedIn',
      'Facebook',
      'Instagram',
    ]);
    expect(PLATFORM_IDS.map((platform) => PLATFORMS[platform].shortName)).toEqual([
      'X',
      'LinkedIn',
      'Facebook',
      'Instagram',
    ]);
    expect(PLATFORMS.twitter.formerName).toBe('Twitter');
  });

  it('are named in a refusal by their own names', () => {
    const refused = mediaUploadRequestSchema.safeParse({
      platform: 'mastodon',
      fileName: 'a.png',
      contentType: 'image/png',
      size: 1,
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Choose X, LinkedIn, Facebook or Instagram',
    ]);
  });

  it('are named from outside text whatever its case, and unknown text is kept as it is', () => {
    expect(platformNameOf('LinkedIn')).toBe('LinkedIn');
    expect(platformNameOf('twitter')).toBe('X (Twitter)');
    expect(platformNameOf('mastodon')).toBe('mastodon');
  });
});
