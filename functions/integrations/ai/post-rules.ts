import twitterText from 'twitter-text';
import { postTextLength } from '#shared/domain/post-text';
import { linksCostMore, linksUnclickable, POST_TEXT_RULES } from '#shared/domain/post-text-rules';
import type { PlatformId } from '#shared/domain/tiers';

/**
 * The rules a drafted post is held to: what a drafter is told about each platform, whether it may
 * carry a link, and `fitPost`, which turns any text into one the platform takes. Links and
 * hashtags are found as X finds them (twitter-text), the same way `postTextLength` counts them.
 */

// twitter-text's ES build has only a default export (see shared/domain/post-text.ts).
const { extractHashtagsWithIndices, extractUrls, extractUrlsWithIndices } = twitterText;

/* ----- Guidance ----- */

/**
 * How many hashtags read well on each platform: advice for the prompt and the offline drafter.
 * Only Instagram has a hard limit (POST_TEXT_RULES), which `fitPost` enforces.
 */
export const HASHTAG_ADVICE: Record<PlatformId, { min: number; max: number }> = {
  twitter: { min: 1, max: 2 },
  linkedin: { min: 3, max: 5 },
  facebook: { min: 0, max: 3 },
  instagram: { min: 5, max: 15 },
};

const GUIDANCE: Record<PlatformId, (max: number, maxHashtags: number | null) => string> = {
  twitter: (max) =>
    [
      `X (Twitter): at most ${max} characters as X counts them (an emoji or a CJK character counts as 2, a link as 23).`,
      'Short and punchy: one idea in one or two sentences, the strongest words first.',
      `${HASHTAG_ADVICE.twitter.min}–${HASHTAG_ADVICE.twitter.max} hashtags, woven into the sentence or at the end.`,
    ].join(' '),
  linkedin: (max) =>
    [
      `LinkedIn: at most ${max} characters; 600 to 1,300 read best.`,
      'Professional but human: a strong first line, then two or three short paragraphs separated by line breaks, and a question or takeaway to close.',
      `${HASHTAG_ADVICE.linkedin.min}–${HASHTAG_ADVICE.linkedin.max} hashtags at the end, on their own line.`,
    ].join(' '),
  facebook: (max) =>
    [
      `Facebook: at most ${max} characters, but one to three short paragraphs (under 500 characters) read best.`,
      'Conversational and friendly, as if talking to a regular customer; invite comments with a question.',
      `At most ${HASHTAG_ADVICE.facebook.max} hashtags, or none.`,
    ].join(' '),
  instagram: (max, maxHashtags) =>
    [
      `Instagram: a caption of at most ${max} characters that goes with the picture; the first line must hook before the "more" cut.`,
      'Short lines, an emoji or two where they fit the brand voice.',
      `Hashtags at the end, after a blank line: ${HASHTAG_ADVICE.instagram.min}–${HASHTAG_ADVICE.instagram.max} relevant ones, never more than ${maxHashtags ?? 30}.`,
      'Links cannot be clicked in a caption: write no URL or web address; where the instructions ask for a link, say "link in bio" instead.',
    ].join(' '),
};

/** The platform's rules for a post, in words a language model follows. */
export const platformGuidance = (platform: PlatformId): string => {
  const rule = POST_TEXT_RULES[platform];
  return GUIDANCE[platform](rule.max, rule.maxHashtags);
};

/* ----- Links ----- */

const LINK_WORDS = /\b(?:links?|urls?|web ?sites?|web ?pages?|landing pages?|home ?pages?)\b/gi;
/** "no link", "without a link", "don't add links": a mention that asks for the opposite. */
const NEGATED = /\b(?:no|not|never|without|avoid|skip|don't|dont|do not)\b[^.!?\n]{0,20}$/i;

/** The owner's instructions ask for a link: they hold one, or mention one without saying "no". */
export const asksForLink = (instructions: string): boolean =>
  extractUrls(instructions).length > 0 ||
  [...instructions.matchAll(LINK_WORDS)].some(
    (match) => !NEGATED.test(instructions.slice(0, match.index)),
  );

/** The first link the text holds, as written ("harbor.coffee/autumn"), if any. */
export const firstLinkIn = (text: string): string | null => extractUrls(text)[0] ?? null;

/**
 * Whether a post may carry a link. Never where links are plain text (an Instagram caption: the
 * drafter says "link in bio" instead); where publishing one costs more (X charges far more), only
 * when the owner's content instructions ask for it.
 */
export const linkAllowed = (input: {
  platform: PlatformId;
  campaign: { contentInstructions: string };
}): boolean =>
  !linksUnclickable(input.platform) &&
  (!linksCostMore(input.platform) || asksForLink(input.campaign.contentInstructions));

/* ----- Fitting a text to a platform ----- */

/** One space between words, no space at a line's ends, at most one blank line, nothing around. */
const normaliseWhitespace = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** Removing a link can leave "Order here: ." or "()": what pointed at it goes too. */
const tidyAfterLinks = (text: string): string =>
  normaliseWhitespace(
    text
      .replace(/\(\s*\)|\[\s*\]/g, '')
      .replace(/[^\S\n]*(?:[:→👉➡-]|➡️)+[^\S\n]*(?=\n|$)/gu, '')
      .replace(/[^\S\n]+([.,!?;:])/g, '$1'),
  );

/** Bounds the clean-up loops: each pass removes at least one entity, so this is never reached. */
const MAX_PASSES = 50;

const withoutLinks = (text: string): string => {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const links = extractUrlsWithIndices(current);
    if (!links.length) return current;
    for (const { indices } of links.reverse()) {
      current = `${current.slice(0, indices[0])} ${current.slice(indices[1])}`;
    }
    current = tidyAfterLinks(current);
  }
  return current;
};

/** The rest of the line after a hashtag holds only hashtags: it is part of a tag list. */
const TAGS_TO_LINE_END = /^(?:[^\S\n]*[#＃][^\s#＃]+)*[^\S\n]*(?:\n|$)/u;

/**
 * At most `max` hashtags, the last ones dropped first: a tag in a tag list goes with its space; a
 * tag inside a sentence keeps its word and loses its "#", so the sentence still reads.
 */
const withHashtagsUpTo = (text: string, max: number | null): string => {
  if (max === null) return text;
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const tags = extractHashtagsWithIndices(current);
    if (tags.length <= max) return current;
    for (const { indices } of tags.slice(max).reverse()) {
      const [start, end] = indices;
      const inList =
        TAGS_TO_LINE_END.test(current.slice(end)) && /(?:^|\s)$/.test(current.slice(0, start));
      current = inList
        ? `${current.slice(0, start)}${current.slice(end).replace(/^[^\S\n]+/, '')}`
        : `${current.slice(0, start)}${current.slice(start + 1)}`;
    }
    current = normaliseWhitespace(current);
  }
  return current;
};

/** A text's closing run of hashtags ("… today.\n\n#coffee #autumn"), kept whole when cutting. */
const splitClosingTags = (text: string): { body: string; separator: string; tags: string } => {
  const tags = extractHashtagsWithIndices(text);
  let start = text.length;
  for (const { indices } of tags.reverse()) {
    if (text.slice(indices[1], start).trim()) break;
    start = indices[0];
  }
  const body = text.slice(0, start).trimEnd();
  if (start === text.length || !body) return { body: text, separator: '', tags: '' };
  return { body, separator: text.slice(body.length, start), tags: text.slice(start).trim() };
};

/** An emoji sequence (👩🏽‍👩🏽‍👧🏽) is up to ten code points that X counts as 2. */
const CODE_POINTS_PER_WEIGHT = 10;

/**
 * The part of a text a cut can keep: no more code points than the platform's limit (on X, ten
 * times as many, for emoji sequences, plus the links' own length, as a link counts as 23 whatever
 * its length). Segmenting costs time with the text's length, and a model or an owner can send a
 * very long one. `boundaries` drops the end of a text cut short here, which is no real boundary.
 */
const withinReach = (platform: PlatformId, text: string) => {
  const rule = POST_TEXT_RULES[platform];
  const linkCharacters = rule.weighted
    ? extractUrls(text).reduce((total, link) => total + link.length, 0)
    : 0;
  let remaining = rule.max * (rule.weighted ? CODE_POINTS_PER_WEIGHT : 1) + 1 + linkCharacters;
  let end = 0;
  for (const character of text) {
    if (remaining-- === 0) break;
    end += character.length;
  }
  const reach = text.slice(0, end);
  const boundaries = (ends: number[]) =>
    end < text.length ? ends.filter((boundary) => boundary < end) : ends;
  return { reach, boundaries };
};

const segmentEnds = (text: string, granularity: 'sentence' | 'word' | 'grapheme'): number[] => {
  const ends: number[] = [];
  for (const segment of new Intl.Segmenter(undefined, { granularity }).segment(text)) {
    const wordLike = granularity !== 'word' || segment.isWordLike;
    if (wordLike) ends.push(segment.index + segment.segment.trimEnd().length);
  }
  return ends.filter((end) => end > 0);
};

const ELLIPSIS = '…';

/** A cut mid-sentence ends on its last whole word and an ellipsis, not on a comma or a dash. */
const cutMidSentence = (text: string, end: number): string =>
  `${text.slice(0, end).replace(/[\s,;:–—-]+$/u, '')}${ELLIPSIS}`;

/**
 * The longest cut that fits, or null: `cutAt(index)` is the text cut at the index-th boundary,
 * shortest first (made on demand: a long text has thousands). A prefix's length grows with the
 * prefix, so a binary search finds it; a link cut short can count for less than the whole (X
 * counts any link as 23), so the answer is checked and stepped back if needed.
 */
const longestFitting = (
  count: number,
  cutAt: (index: number) => string,
  fits: (text: string) => boolean,
): string | null => {
  let low = 0;
  let high = count - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (fits(cutAt(middle))) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  for (let index = found; index >= 0; index--) {
    const cut = cutAt(index);
    if (fits(cut)) return cut;
  }
  return null;
};

/**
 * The body cut so that it fits with `suffix` after it: at the last sentence that fits, unless that
 * keeps less than half of what cutting at a word would (one short sentence then a long one), then
 * at the last word; at the last character only when no word fits (a long word, CJK without
 * spaces). Null when nothing fits.
 */
const cutBody = (
  whole: string,
  suffix: string,
  platform: PlatformId,
  fits: (text: string) => boolean,
): string | null => {
  const { reach: body, boundaries } = withinReach(platform, whole);
  const sentenceEnds = boundaries(segmentEnds(body, 'sentence'));
  const bySentence = longestFitting(
    sentenceEnds.length,
    (index) => body.slice(0, sentenceEnds[index]) + suffix,
    fits,
  );
  const wordEnds = boundaries(segmentEnds(body, 'word'));
  const byWord = longestFitting(
    wordEnds.length,
    (index) => cutMidSentence(body, wordEnds[index]!) + suffix,
    fits,
  );
  if (bySentence && (!byWord || bySentence.length >= byWord.length / 2)) return bySentence;
  if (byWord) return byWord;
  const characterEnds = boundaries(segmentEnds(body, 'grapheme'));
  return longestFitting(
    characterEnds.length,
    (index) => cutMidSentence(body, characterEnds[index]!) + suffix,
    fits,
  );
};

const cutToFit = (platform: PlatformId, text: string, fits: (text: string) => boolean): string => {
  if (fits(text)) return text;
  const { body, separator, tags } = splitClosingTags(text);
  const withTags = tags ? cutBody(body, `${separator}${tags}`, platform, fits) : null;
  return withTags ?? cutBody(text, '', platform, fits) ?? '';
};

/**
 * A text the platform takes, changed as little as sense allows: whitespace normalised, links
 * removed where they are not allowed, hashtags beyond the platform's limit dropped (the last
 * first), and a text still too long cut at the last sentence (or word) that fits, with "…" only
 * when the cut falls mid-sentence; a closing list of hashtags is kept when the text can spare the
 * room. Never empty when the input had words outside its links.
 */
export const fitPost = (
  platform: PlatformId,
  text: string,
  { allowLinks }: { allowLinks: boolean },
): string => {
  const fits = (candidate: string) => postTextLength(platform, candidate).withinLimit;
  const allowed = (candidate: string) => allowLinks || !postTextLength(platform, candidate).hasUrl;
  let current = normaliseWhitespace(text);
  // A cut can end a word where it turns into a link ("harbor.coffee" out of "harbor.coffeehouse"):
  // each pass takes such a link out again, and the text only ever gets shorter.
  for (let pass = 0; pass < 3; pass++) {
    if (!allowLinks) current = withoutLinks(current);
    current = withHashtagsUpTo(current, POST_TEXT_RULES[platform].maxHashtags);
    current = cutToFit(platform, current, fits);
    if (fits(current) && allowed(current)) return current;
  }
  return '';
};
