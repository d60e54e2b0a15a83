import twitterText from 'twitter-text';
import { POST_TEXT_RULES } from './post-text-rules';
import type { PlatformId } from './tiers';

// twitter-text's ES build has only a default export (its CommonJS build has the names too): the
// default import works in both, so in the browser bundle and in Node.
const { extractHashtags, extractUrls, parseTweet } = twitterText;

// The note a count's `linkNote` carries, for whoever shows or checks it beside the count.
export { X_LINK_COST_NOTE } from './post-text-rules';

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
  /**
   * What to tell the owner of the text's link where the platform charges more for one (X), or
   * shows it as plain text (Instagram).
   */
  linkNote: string | null;
}

/** How long a post's text is, as the platform counts it, and whether the platform takes it. */
export const postTextLength = (platform: PlatformId, text: string): PostTextLength => {
  const rule = POST_TEXT_RULES[platform];
  const length = rule.weighted ? parseTweet(text).weightedLength : [...text].length;
  const hashtags = extractHashtags(text).length;
  const hasUrl = extractUrls(text).length > 0;
  return {
    length,
    max: rule.max,
    withinLimit: length <= rule.max && (rule.maxHashtags === null || hashtags <= rule.maxHashtags),
    hasUrl,
    hashtags,
    maxHashtags: rule.maxHashtags,
    linkNote: hasUrl ? (rule.linkCostNote ?? rule.unlinkedNote) : null,
  };
};
