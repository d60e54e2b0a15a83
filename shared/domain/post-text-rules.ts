import type { PlatformId, PlatformTable } from './tiers';

/*
 * Each platform's limits on a post's text, apart from the counting (post-text.ts), which loads
 * twitter-text: a contract or a screen that only needs a bound reads it here for nothing.
 */

/** X counts 280 "weighted" characters: CJK and emoji weigh 2, every URL 23 (twitter-text). */
export const X_MAX_WEIGHTED_LENGTH = 280;
/** What the composer and the previews say of a link in an X post. */
export const X_LINK_COST_NOTE =
  'This post has a link. X charges far more to publish a post with a link, so leave it out if the post works without it.';

/** LinkedIn's limit for a post's commentary. */
export const LINKEDIN_MAX_LENGTH = 3000;
export const FACEBOOK_MAX_LENGTH = 63206;
export const INSTAGRAM_MAX_LENGTH = 2200;
export const INSTAGRAM_MAX_HASHTAGS = 30;
/** What the composer and the drafters say of a link in an Instagram caption. */
export const INSTAGRAM_LINK_NOTE =
  'Links in an Instagram caption cannot be clicked. Say “link in bio” and put the link in your profile, or leave it out.';

export interface PostTextRule {
  max: number;
  /** X weighs characters (twitter-text); the others count code points. */
  weighted: boolean;
  maxHashtags: number | null;
  /**
   * What to tell the owner of a post with a link where the platform charges more to publish one
   * (X); null where a link costs nothing more. A drafter leaves links out there unless asked.
   */
  linkCostNote: string | null;
  /**
   * What to tell the owner of a post with a link where the platform shows links as plain text
   * (Instagram); null where links can be clicked. A drafter never writes a URL there.
   */
  unlinkedNote: string | null;
}

/** Each platform's real limits on a post's text. */
export const POST_TEXT_RULES: PlatformTable<PostTextRule> = {
  twitter: {
    max: X_MAX_WEIGHTED_LENGTH,
    weighted: true,
    maxHashtags: null,
    linkCostNote: X_LINK_COST_NOTE,
    unlinkedNote: null,
  },
  linkedin: {
    max: LINKEDIN_MAX_LENGTH,
    weighted: false,
    maxHashtags: null,
    linkCostNote: null,
    unlinkedNote: null,
  },
  facebook: {
    max: FACEBOOK_MAX_LENGTH,
    weighted: false,
    maxHashtags: null,
    linkCostNote: null,
    unlinkedNote: null,
  },
  instagram: {
    max: INSTAGRAM_MAX_LENGTH,
    weighted: false,
    maxHashtags: INSTAGRAM_MAX_HASHTAGS,
    linkCostNote: null,
    unlinkedNote: INSTAGRAM_LINK_NOTE,
  },
};

/** Links are plain text on the platform, so a drafted post never carries a URL there. */
export const linksUnclickable = (platform: PlatformId): boolean =>
  POST_TEXT_RULES[platform].unlinkedNote !== null;

/** Publishing a link costs more on the platform, so a drafted post carries one only when asked. */
export const linksCostMore = (platform: PlatformId): boolean =>
  POST_TEXT_RULES[platform].linkCostNote !== null;

/**
 * The longest text any of the platforms takes: the bound of a text that may go to any of them
 * (X's limit is weighted, so its raw text may run past 280; the bound is the longest limit).
 */
export const longestPostText = (platforms: readonly PlatformId[]): number =>
  Math.max(...platforms.map((platform) => POST_TEXT_RULES[platform].max));
