import twitterText from 'twitter-text';
import type { ConnectablePlatform } from './tiers';

// twitter-text's ES build has only a default export (its CommonJS build has the names too): the
// default import works in both, so in the browser bundle and in Node.
const { extractUrls, parseTweet } = twitterText;

/** X counts 280 "weighted" characters: CJK and emoji weigh 2, every URL 23 (twitter-text). */
export const X_MAX_WEIGHTED_LENGTH = 280;
/** LinkedIn's limit for a post's commentary. */
export const LINKEDIN_MAX_LENGTH = 3000;

export interface PostTextLength {
  /** The length as the platform counts it. */
  length: number;
  max: number;
  withinLimit: boolean;
  /** The text has a link, as X finds links (X charges more for a post with one). */
  hasUrl: boolean;
}

/** How long a post's text is, as the platform counts it. */
export const postTextLength = (platform: ConnectablePlatform, text: string): PostTextLength => {
  if (platform === 'twitter') {
    const parsed = parseTweet(text);
    return {
      length: parsed.weightedLength,
      max: X_MAX_WEIGHTED_LENGTH,
      withinLimit: parsed.weightedLength <= X_MAX_WEIGHTED_LENGTH,
      hasUrl: extractUrls(text).length > 0,
    };
  }
  const length = [...text].length;
  return {
    length,
    max: LINKEDIN_MAX_LENGTH,
    withinLimit: length <= LINKEDIN_MAX_LENGTH,
    hasUrl: extractUrls(text).length > 0,
  };
};
