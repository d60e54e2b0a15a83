import type { CampaignIntention } from '#shared/domain/campaigns';
import type { ModifyAspect } from '#shared/domain/content';
import { postTextLength } from '#shared/domain/post-text';
import type { PlatformId, PlatformTable } from '#shared/domain/tiers';
import { sentencesOf } from './campaign-rules';
import type { ContentDraftInput, ContentDrafter, ContentDraftStage } from './content-drafter';
import { STOP_WORDS, asSentence, defaultPause, hashOf, wordsOf } from './offline-campaign-drafter';
import { HASHTAG_ADVICE, asksForLink, firstLinkIn, fitPost, linkAllowed } from './post-rules';

/**
 * Writes a post without a language model, from the campaign's own words: its key messages, brand
 * voice, intention and media descriptions. Deterministic from the input (the seed varies the
 * choices), so the sandbox and the tests can rely on it; it steers clear of the campaign's recent
 * posts, and a revision changes what the owner asked to change. Every post goes through `fitPost`.
 */

/* ----- Phrases ----- */

/** Openings per intention; `{name}` is the campaign's name, `{company}` the company's. */
const OPENINGS: Record<CampaignIntention, string[]> = {
  educational: [
    'Did you know?',
    'A quick tip from {company}.',
    'Something worth knowing about {name}.',
    'Here is what we have learned.',
  ],
  marketing: [
    'Treat yourself with {company}.',
    'Here is why people love {company}.',
    '{name} is on.',
    'Good news from {company}.',
  ],
  inspiration: [
    'Some moments are worth slowing down for.',
    'A little inspiration from {company}.',
    'Make today a good one.',
    'Every day starts somewhere.',
  ],
  'personal-storytelling': [
    'A story from behind the scenes at {company}.',
    'We want to tell you something.',
    'This is how it started.',
    'Meet the people behind {company}.',
  ],
  'brand-awareness': [
    'This is {company}.',
    'Say hello to {company}.',
    'In case we have not met yet: we are {company}.',
    'What makes {company} different?',
  ],
  'community-building': [
    'Hello, neighbours!',
    'We would love to hear from you.',
    'This one is for our community.',
    'Calling everyone who loves {company}.',
  ],
  'product-launch': [
    'It is here: {name}!',
    'Something new from {company}.',
    'Introducing {name}.',
    'The wait is over.',
  ],
  'event-promotion': [
    'Save the date!',
    'You are invited: {name}.',
    'Join us at {name}.',
    'Something is happening at {company}.',
  ],
};

/** Openings a tone revision turns to, by the tone the feedback asks for. */
const TONE_OPENINGS = {
  formal: [
    'An update from {company}.',
    'We are pleased to share some news.',
    'A note from {company}.',
  ],
  playful: ['Guess what?', 'Okay, this is exciting.', 'Big smiles at {company} today!'],
  warm: ['Hello, friends!', 'A warm hello from {company}.', 'We have something to share with you.'],
} as const;
type ToneShift = keyof typeof TONE_OPENINGS;

const CLOSINGS: Record<CampaignIntention, string[]> = {
  educational: ['Save this for later.', 'Questions? Ask us anything.', 'Did you know this one?'],
  marketing: ['Come and see us today.', 'Order yours today.', 'Your next favourite is waiting.'],
  inspiration: [
    'Share your moment with us.',
    'What inspires you today?',
    'Take a moment for yourself.',
  ],
  'personal-storytelling': [
    'What is your story?',
    'Thank you for being part of ours.',
    'Tell us yours.',
  ],
  'brand-awareness': [
    'Know someone who would love this? Share it.',
    'Follow along for more.',
    'Say hello any time.',
  ],
  'community-building': [
    'Tell us in the comments!',
    'What do you think?',
    'Tag a friend who should see this.',
  ],
  'product-launch': [
    'Come and try it.',
    'Be among the first to try it.',
    'Which will you try first?',
  ],
  'event-promotion': ['See you there?', 'Bring a friend.', 'Mark your calendar.'],
};

const EMOJI: Record<CampaignIntention, string> = {
  educational: '💡',
  marketing: '👉',
  inspiration: '✨',
  'personal-storytelling': '❤️',
  'brand-awareness': '🌟',
  'community-building': '👋',
  'product-launch': '🎉',
  'event-promotion': '📅',
};

/* ----- Each platform's way ----- */

interface PlatformStyle {
  /** How many key messages a first draft carries. */
  messages: number;
  /** One paragraph, always: X's posts are short. Elsewhere a part a line, unless a style asks. */
  compact: boolean;
  /** Emoji where the voice takes them; LinkedIn's professional feed takes none. */
  emoji: boolean;
  /** How the post speaks of its picture: not at all (X), as a caption (Instagram), a sentence. */
  picture: 'none' | 'caption' | 'sentence';
}

const STYLES: PlatformTable<PlatformStyle> = {
  twitter: { messages: 1, compact: true, emoji: true, picture: 'none' },
  linkedin: { messages: 3, compact: false, emoji: false, picture: 'sentence' },
  facebook: { messages: 2, compact: false, emoji: true, picture: 'sentence' },
  instagram: { messages: 2, compact: false, emoji: true, picture: 'caption' },
};

/* ----- Reading the input ----- */

/** A professional voice takes no emoji; a playful, warm or bold one does. */
const takesEmoji = (voice: string, platform: PlatformId): boolean =>
  STYLES[platform].emoji &&
  !/\b(?:professional|formal|corporate|polished|serious|understated)\b/i.test(voice);

const fill = (template: string, input: ContentDraftInput): string =>
  template
    .replace(/\{company\}/g, input.company.name.trim() || 'us')
    .replace(/\{name\}/g, input.campaign.name.trim() || 'our latest news');

/** A message is already in a post when nearly all its words are. */
const usedIn = (message: string, post: string): boolean => {
  const words = [...wordsOf(message)];
  const postWords = wordsOf(post);
  return (
    words.length > 0 && words.filter((word) => postWords.has(word)).length / words.length >= 0.8
  );
};

/** The campaign's messages: its key messages, else its description's sentences, else its name. */
const messagesOf = (input: ContentDraftInput): string[] => {
  const { keyMessages, description, name } = input.campaign;
  const messages = keyMessages.map(asSentence).filter(Boolean);
  if (messages.length) return messages;
  const fromDescription = sentencesOf(description).map(asSentence).filter(Boolean);
  if (fromDescription.length) return fromDescription;
  return [
    asSentence(description || name || input.company.description || input.company.name),
  ].filter(Boolean);
};

/** Messages for this post, starting where the seed says, those the recent posts used last. */
const chooseMessages = (
  input: ContentDraftInput,
  count: number,
  seed: number,
  avoid: readonly string[],
): string[] => {
  const all = messagesOf(input);
  const rotated = all.map((_, index) => all[(seed + index) % all.length]!);
  const fresh = rotated.filter((message) => !avoid.some((post) => usedIn(message, post)));
  return [...fresh, ...rotated.filter((message) => !fresh.includes(message))].slice(0, count);
};

/** The first of the choices (from the seed on) that no recent post starts with. */
const chooseFresh = (
  choices: readonly string[],
  seed: number,
  avoid: readonly string[],
): string => {
  const rotated = choices.map((_, index) => choices[(seed + index) % choices.length]!);
  const starts = avoid.map((post) => post.trim().toLowerCase());
  return (
    rotated.find((choice) => !starts.some((post) => post.startsWith(choice.toLowerCase()))) ??
    rotated[0]!
  );
};

/** A word as a hashtag: letters and digits only, each word capitalised, at most 24 of them. */
const asHashtag = (text: string): string | null => {
  const body = (text.match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');
  const clipped = [...body].slice(0, 24).join('');
  return /\p{L}/u.test(clipped) ? `#${clipped}` : null;
};

/** Hashtags from the campaign's name, the company's name and its messages' meaningful words. */
const hashtagsFor = (
  input: ContentDraftInput,
  messages: readonly string[],
  seed: number,
): string[] => {
  const { min, max } = HASHTAG_ADVICE[input.platform];
  const count = Math.max(min, Math.min(max, min + (seed % (max - min + 1))));
  const words = messages
    .flatMap((message) => message.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
    // Short words make weak tags ("#Cent" from "per cent").
    .filter((word) => [...word].length >= 5 && !STOP_WORDS.has(word.toLowerCase()));
  const candidates = [input.campaign.name, input.company.name, ...words]
    .map(asHashtag)
    .filter((tag): tag is string => tag !== null);
  const seen = new Set<string>();
  return candidates
    .filter((tag) => !seen.has(tag.toLowerCase()) && seen.add(tag.toLowerCase()))
    .slice(0, count);
};

const mediaLine = (input: ContentDraftInput): string | null => {
  const { picture } = STYLES[input.platform];
  if (picture === 'none') return null;
  const shown = input.media.find((item) => item.usage !== 'reference' && item.description.trim());
  if (!shown) return null;
  const description = asSentence(shown.description);
  return picture === 'caption'
    ? `📸 ${description}`
    : `In the ${shown.type === 'video' ? 'video' : 'picture'}: ${description.charAt(0).toLowerCase()}${description.slice(1)}`;
};

const linkLine = (input: ContentDraftInput): string | null => {
  const { contentInstructions } = input.campaign;
  if (!linkAllowed(input) || !asksForLink(contentInstructions)) return null;
  const link = firstLinkIn(contentInstructions) ?? input.company.website.trim();
  return link ? `More: ${link}` : null;
};

/* ----- A post's parts ----- */

interface Parts {
  opening: string;
  messages: string[];
  media: string | null;
  closing: string | null;
  link: string | null;
  hashtags: string[];
  /** One paragraph (X, or a style change), or a part a line. */
  compact: boolean;
}

const assemble = (parts: Parts): string => {
  const tags = parts.hashtags.join(' ');
  if (parts.compact) {
    return [parts.opening, ...parts.messages, parts.media, parts.closing, parts.link, tags]
      .filter(Boolean)
      .join(' ');
  }
  return [parts.opening, parts.messages.join('\n\n'), parts.media, parts.closing, parts.link, tags]
    .filter(Boolean)
    .join('\n\n');
};

/**
 * The richest version of the post that fits as it is: without the closing, then with fewer
 * messages, then without the opening, before `fitPost` has to cut a sentence.
 */
const writePost = (input: ContentDraftInput, parts: Parts): string => {
  const allowLinks = linkAllowed(input);
  const leaner: Parts[] = [
    parts,
    { ...parts, closing: null },
    { ...parts, closing: null, media: null, messages: parts.messages.slice(0, 1) },
    { ...parts, closing: null, media: null, messages: parts.messages.slice(0, 1), opening: '' },
  ];
  const whole = leaner.find(
    (version) => postTextLength(input.platform, assemble(version)).withinLimit,
  );
  // fitPost still tidies it (whitespace, a link X does not allow), or cuts the leanest.
  return (
    fitPost(input.platform, assemble(whole ?? leaner.at(-1)!), { allowLinks }) ||
    fitPost(input.platform, assemble(parts), { allowLinks })
  );
};

const firstDraftParts = (input: ContentDraftInput, seed: number): Parts => {
  const { intention } = input.campaign;
  const emoji = takesEmoji(input.campaign.brandVoice || input.company.brandVoice, input.platform);
  const opening = chooseFresh(
    OPENINGS[intention].map((template) => fill(template, input)),
    seed,
    input.recentPosts,
  );
  const messages = chooseMessages(
    input,
    STYLES[input.platform].messages,
    seed >>> 3,
    input.recentPosts,
  );
  return {
    opening: emoji ? `${opening} ${EMOJI[intention]}` : opening,
    messages,
    media: mediaLine(input),
    closing: CLOSINGS[intention][(seed >>> 5) % CLOSINGS[intention].length]!,
    link: linkLine(input),
    hashtags: hashtagsFor(input, messages, seed >>> 7),
    compact: STYLES[input.platform].compact,
  };
};

/* ----- Revisions ----- */

const wantsShorter = (feedback: string) =>
  /\b(?:shorter|too long|concise|brief|trim|cut)\b/i.test(feedback);
const wantsLonger = (feedback: string) =>
  /\b(?:longer|more detail|expand|too short)\b/i.test(feedback);
const wantsNoHashtags = (feedback: string) =>
  /\b(?:no|fewer|less|without|drop|remove)\b[^.!?]{0,15}hashtags?/i.test(feedback);
const wantsNoEmoji = (feedback: string) =>
  /\b(?:no|fewer|less|without|drop|remove)\b[^.!?]{0,15}emojis?/i.test(feedback);

const toneShiftOf = (feedback: string): ToneShift =>
  /\b(?:formal|professional|serious|corporate|polished)\b/i.test(feedback)
    ? 'formal'
    : /\b(?:playful|fun|funny|casual|lighter|excit\w*|energetic)\b/i.test(feedback)
      ? 'playful'
      : 'warm';

/** What a revision changes: the aspects the owner ticked, and any the feedback names. */
const aspectsOf = (revision: NonNullable<ContentDraftInput['revision']>): Set<ModifyAspect> => {
  const aspects = new Set(revision.aspects);
  const { feedback } = revision;
  if (wantsShorter(feedback) || wantsLonger(feedback)) aspects.add('length');
  if (/\b(?:tone|formal|casual|playful|friendly|professional|warm)\b/i.test(feedback))
    aspects.add('tone');
  if (wantsNoHashtags(feedback) || wantsNoEmoji(feedback)) aspects.add('style');
  // A revision always changes something: without a named aspect, what the post says.
  if (!aspects.size) aspects.add('messaging');
  return aspects;
};

const EMOJI_PATTERN = /\p{Extended_Pictographic}\uFE0F?/gu;

/** A closing run of hashtags ("… today. #Autumn #Coffee"). */
const CLOSING_TAGS = /(?:\s*[#＃][\p{L}\p{N}_]+)+\s*$/u;

/** A text's sentences; an emoji or a mark after a full stop stays with its sentence. */
const sentencesIn = (text: string): string[] =>
  (text.match(/[^.!?…。！？\n]+(?:[.!?…。！？]+|$)/gmu) ?? [])
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .reduce<string[]>(
      (sentences, sentence) =>
        /[\p{L}\p{N}]/u.test(sentence) || !sentences.length
          ? [...sentences, sentence]
          : [...sentences.slice(0, -1), `${sentences.at(-1)} ${sentence}`],
      [],
    );

/** The previous post in parts: its first sentence opens it, a closing run of hashtags ends it. */
const partsOfPrevious = (input: ContentDraftInput, previous: string): Parts => {
  const tagRun = CLOSING_TAGS.exec(previous)?.[0] ?? '';
  const sentences = sentencesIn(previous.slice(0, previous.length - tagRun.length));
  return {
    opening: sentences[0] ?? '',
    messages: sentences.slice(1),
    media: null,
    closing: null,
    link: linkLine(input),
    hashtags: tagRun.trim().split(/\s+/).filter(Boolean),
    compact: STYLES[input.platform].compact || !previous.trim().includes('\n'),
  };
};

const revisedParts = (input: ContentDraftInput, seed: number): Parts => {
  const revision = input.revision!;
  const aspects = aspectsOf(revision);
  const avoid = [revision.previous, ...input.recentPosts];
  let parts = partsOfPrevious(input, revision.previous);
  const fresh = firstDraftParts({ ...input, recentPosts: avoid }, seed);

  if (aspects.has('messaging')) {
    parts = { ...parts, messages: fresh.messages, media: fresh.media };
  }
  if (aspects.has('tone')) {
    const openings = TONE_OPENINGS[toneShiftOf(revision.feedback)].map((template) =>
      fill(template, input),
    );
    const previousOpening = parts.opening.toLowerCase();
    parts = {
      ...parts,
      opening: chooseFresh(
        openings.filter((opening) => !previousOpening.startsWith(opening.toLowerCase())),
        seed,
        avoid,
      ),
    };
  }
  if (aspects.has('length')) {
    parts = wantsLonger(revision.feedback)
      ? {
          ...parts,
          messages: [
            ...parts.messages,
            ...fresh.messages.filter((message) => !usedIn(message, revision.previous)),
          ].slice(0, parts.messages.length + 1),
          closing: fresh.closing,
        }
      : shorter(parts, input.platform);
  }
  if (aspects.has('style')) {
    const noEmoji = wantsNoEmoji(revision.feedback);
    parts = {
      ...parts,
      compact: STYLES[input.platform].compact || !parts.compact,
      hashtags: wantsNoHashtags(revision.feedback) ? [] : parts.hashtags,
      opening: noEmoji ? parts.opening.replace(EMOJI_PATTERN, '').trim() : parts.opening,
      messages: noEmoji
        ? parts.messages.map((message) => message.replace(EMOJI_PATTERN, '').trim())
        : parts.messages,
    };
  }
  return parts;
};

/** Shorter: half the sentences (at least one), the fewest hashtags the platform suits. */
const shorter = (parts: Parts, platform: PlatformId): Parts => {
  const messages = parts.messages.slice(0, Math.floor(parts.messages.length / 2));
  const hashtags = parts.hashtags.slice(0, HASHTAG_ADVICE[platform].min);
  if (parts.messages.length > 1 || !parts.messages.length)
    return { ...parts, messages, hashtags, closing: null, media: null };
  // One sentence left: keep its first half, to a word.
  const words = parts.messages[0]!.split(/\s+/);
  const half = words.slice(0, Math.max(3, Math.ceil(words.length / 2))).join(' ');
  return {
    ...parts,
    messages: [asSentence(half.replace(/[,;:]+$/, ''))],
    hashtags,
    closing: null,
    media: null,
  };
};

/* ----- The drafter ----- */

export interface OfflineContentDrafterOptions {
  /** Waits between the stages, so the progress on screen moves as it would with a model. */
  pause?: (ms: number) => Promise<void>;
}

/** About a second in all; no wait under Vitest (see `defaultPause`). */
const STAGE_PAUSES_MS: Record<ContentDraftStage, number> = { drafting: 700, checking: 300 };

export const createOfflineContentDrafter = (
  options: OfflineContentDrafterOptions = {},
): ContentDrafter => {
  const pause = options.pause ?? defaultPause;
  return {
    source: 'offline',

    async draftPost(input, onStage) {
      await onStage?.('drafting');
      await pause(STAGE_PAUSES_MS.drafting);
      const seed = hashOf(`${input.seed}|${input.platform}`);
      const parts = input.revision ? revisedParts(input, seed) : firstDraftParts(input, seed);
      let text = writePost(input, parts);
      // A post the same as its previous version or a recent one is no new post: another opening.
      const repeats = [input.revision?.previous ?? '', ...input.recentPosts].map((post) =>
        post.trim(),
      );
      for (let shift = 1; repeats.includes(text) && shift < 8; shift++) {
        text = writePost(input, {
          ...parts,
          opening: firstDraftParts(input, seed + shift).opening,
        });
      }
      await onStage?.('checking');
      await pause(STAGE_PAUSES_MS.checking);
      return { text, usage: null };
    },
  };
};

export const offlineContentDrafter = createOfflineContentDrafter();
