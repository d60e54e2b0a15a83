import twitterText from 'twitter-text';
import type { PlatformId } from './tiers';

// twitter-text's ES build has only a default export (its CommonJS build has the names too): the
// default import works in both, so in the browser bundle and in Node.
const { extractHashtags, extractUrls, parseTweet } = twitterText;

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

interface PostTextRule {
  max: number;
  /** X weighs characters (twitter-text); the others count code points. */
  weighted: boolean;
  maxHashtags: number | null;
}

/** Each platform's real limits on a post's text. */
export const POST_TEXT_RULES: Record<PlatformId, PostTextRule> = {
  twitter: { max: X_MAX_WEIGHTED_LENGTH, weighted: true, maxHashtags: null },
  linkedin: { max: LINKEDIN_MAX_LENGTH, weighted: false, maxHashtags: null },
  facebook: { max: FACEBOOK_MAX_LENGTH, weighted: false, maxHashtags: null },
  instagram: { max: INSTAGRAM_MAX_LENGTH, weighted: false, maxHashtags: INSTAGRAM_MAX_HASHTAGS },
};

export interface PostTextLength {
  /** The length as the platform counts it. */
  length: number;
  max: number;
  /** Within the length and, where the platform limits them, the hashtag count. */
  withinLimit: boolean;
  /** The text has a link, as X finds links (X charges more for a post with one). */
  hasUrl: boolean;
  hashtags: number;
  maxHashtags: number | null;
}

/** How long a post's text is, as the platform counts it, and whether the platform takes it. */
export const postTextLength = (platform: PlatformId, text: string): PostTextLength => {
  const rule = POST_TEXT_RULES[platform];
  const length = rule.weighted ? parseTweet(text).weightedLength : [...text].length;
  const hashtags = extractHashtags(text).length;
  return {
    length,
    max: rule.max,
    withinLimit: length <= rule.max && (rule.maxHashtags === null || hashtags <= rule.maxHashtags),
    hasUrl: extractUrls(text).length > 0,
    hashtags,
    maxHashtags: rule.maxHashtags,
  };
};
