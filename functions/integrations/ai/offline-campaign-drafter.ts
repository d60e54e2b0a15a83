import type { CampaignAnalysis, CampaignDraft, GeneratorMedia } from '#shared/contract/ai';
import type { GenerationStage } from '#shared/domain/ai-campaigns';
import { AI_SUGGESTIONS_MAX, AI_SUGGESTIONS_MIN } from '#shared/domain/ai-campaigns';
import type { CampaignIntention } from '#shared/domain/campaigns';
import { X_MAX_WEIGHTED_LENGTH } from '#shared/domain/post-text-rules';
import { PLATFORM_IDS, PLATFORMS, type PlatformId, type PlatformTable } from '#shared/domain/tiers';
import { sleep } from '#functions/core/backoff';
import type {
  CampaignDraftInput,
  CampaignDrafter,
  DrafterCompany,
  ImageToDescribe,
  WebsiteReading,
} from './campaign-drafter';
import { clipText, readFeedback, sentencesOf, withinCampaignRules } from './campaign-rules';

/**
 * Drafts campaigns without a language model, from the owner's own words: the prompt, the company's
 * profile and what its websites say. Deterministic (the same input gives the same draft), so the
 * sandbox and the tests can rely on it, and written for the company rather than placeholder text.
 */

/* ----- Words ----- */

export const STOP_WORDS = new Set(
  `a an the and or but of to in on at for with from by about into over under our your their my we us
  i you they it its this that these those is are was were be been being am do does did have has had
  will would should could can may might must shall want wants need needs like let lets please also
  just very really more most some any all every each new launch launching promote promoting
  announce announcing campaign campaigns post posts social media tell people customers everyone
  create make build run share sharing highlight highlighting showcase show get help spread word
  around up out so as than then there here what which who whom how why when where while during
  next this-week week month year time me them him her his hers ours yours theirs`.split(/\s+/),
);

const titleCase = (text: string): string =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      /[A-Z]/.test(word.slice(1)) ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`,
    )
    .join(' ');

const capitalise = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export const asSentence = (text: string): string => {
  const trimmed = text.trim().replace(/[,;:\s]+$/, '');
  return trimmed ? capitalise(/[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`) : '';
};

const withoutFinalStop = (text: string): string => text.trim().replace(/[.!?…]+$/, '');

/** A small stable hash (FNV-1a), for choices that vary by company and day but never by run. */
export const hashOf = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
};

/** The prompt's clauses: its sentences, split again at semicolons and dashes (long ones at commas). */
const clausesOf = (text: string): string[] =>
  sentencesOf(text)
    .flatMap((sentence) => sentence.split(/\s*[;–—]\s+|\s+-\s+/))
    .flatMap((clause) => (clause.length > 160 ? clause.split(/,\s+/) : [clause]))
    .map(withoutFinalStop)
    .filter((clause) => clause.split(/\s+/).length >= 3);

/** What the owner asked for, as a statement a post can make: "Introducing our new…" for "Launch our new…". */
const REWRITES: [RegExp, string][] = [
  [/^(?:launch|introduce|announce|unveil|present)\s+/i, 'Introducing '],
  [/^(?:promote|advertise|highlight|showcase|feature|share|spotlight|push)\s+/i, 'Discover '],
  [/^(?:celebrate)\s+/i, 'Celebrating '],
  [/^(?:tell (?:people|everyone|customers|our customers|followers) about)\s+/i, 'All about '],
  [/^(?:invite|encourage)\s+/i, 'We invite '],
];

const asMessage = (clause: string): string => {
  let text = clause
    .trim()
    .replace(
      /^(?:(?:we|i)\s+(?:want|would like|'d like|need|plan|hope)\s+to|help\s+us|let's|please)\s+/i,
      '',
    );
  for (const [pattern, replacement] of REWRITES) {
    if (pattern.test(text)) {
      text = text.replace(pattern, replacement);
      break;
    }
  }
  return asSentence(text);
};

/** A text's words, lower-cased, "&" read as "and": two texts that share nearly all say the same. */
export const wordsOf = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .replace(/&/g, ' and ')
      .match(/[\p{L}\p{N}]+/gu) ?? [],
  );
const sameIdea = (a: string, b: string): boolean => {
  const [left, right] = [wordsOf(a), wordsOf(b)];
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / Math.max(1, Math.max(left.size, right.size)) >= 0.8;
};
const distinct = (texts: readonly string[]): string[] =>
  texts.reduce<string[]>(
    (kept, text) => (text && !kept.some((other) => sameIdea(other, text)) ? [...kept, text] : kept),
    [],
  );

/**
 * The prompt's key phrase: the first run of up to three meaningful words ("autumn blend" from
 * "Launch our new autumn blend for coffee lovers"), title-cased.
 */
export const keyPhraseOf = (prompt: string): string => {
  const [first = ''] = sentencesOf(prompt);
  const words = first.match(/[\p{L}\p{N}][\p{L}\p{N}'’&-]*/gu) ?? [];
  const phrase: string[] = [];
  for (const word of words) {
    const meaningful = !STOP_WORDS.has(word.toLowerCase()) && word.length > 1;
    if (meaningful) phrase.push(word);
    else if (phrase.length) break;
    if (phrase.length === 3) break;
  }
  return titleCase(phrase.join(' '));
};

/** Who the prompt is for: "coffee lovers in Portland" from "… for coffee lovers in Portland, …". */
const audienceOf = (prompt: string): string | null => {
  const match = /\bfor\s+((?:[\p{L}\p{N}'’&-]+\s?){1,8})/iu.exec(prompt);
  const audience = match?.[1]?.trim().replace(/\s+(with|and|to|by|on|at|this|next)$/i, '');
  if (!audience || /^(the\s+)?(first|next|a|one|two|\d)/i.test(audience)) return null;
  return audience;
};

const companyPhrase = (company: DrafterCompany): string => company.name.trim() || 'the company';

/* ----- What each intention asks for ----- */

interface IntentionStyle {
  label: string;
  /** The word a campaign name ends with, unless the key phrase already has it. */
  suffix: string;
  goal: string;
  voice: string;
  instructions: string;
  /** A key message that suits the intention; `{company}` is the company's name. */
  message: string;
}

const INTENTIONS: Record<CampaignIntention, IntentionStyle> = {
  educational: {
    label: 'educational',
    suffix: 'Guide',
    goal: 'teach the audience something useful and show the expertise behind it',
    voice: 'Clear, patient and knowledgeable; explains without jargon.',
    instructions:
      'Lead each post with one practical tip or fact, explain it in plain words and end with a question or a pointer to learn more. Avoid hard selling.',
    message: '{company} shares what it knows so customers get more out of every purchase.',
  },
  marketing: {
    label: 'marketing',
    suffix: 'Spotlight',
    goal: 'turn attention into visits, orders and bookings',
    voice: 'Confident, benefit-led and friendly; every post has a clear call to action.',
    instructions:
      'Name one concrete benefit per post, make any offer and its end date explicit, and close with a single call to action (visit, order, book).',
    message: 'There is a simple next step: visit, order or book with {company} today.',
  },
  inspiration: {
    label: 'inspiration',
    suffix: 'Inspiration',
    goal: 'inspire the audience and connect the brand with moments they care about',
    voice: 'Warm, uplifting and visual; short lines that leave room for the picture.',
    instructions:
      'Pair each post with a strong image, keep the text short and evocative, and invite followers to share their own moments.',
    message: '{company} is part of the small moments that make a day better.',
  },
  'personal-storytelling': {
    label: 'personal storytelling',
    suffix: 'Stories',
    goal: 'let people meet the people behind the business through real stories',
    voice: 'Personal, honest and conversational, told in the first person ("we", "I").',
    instructions:
      'Tell one small true story per post (a person, a moment, a decision), show the people behind the business and end by asking followers about their own experience.',
    message: 'Real people are behind {company}, and every post shows one of them.',
  },
  'brand-awareness': {
    label: 'brand awareness',
    suffix: 'Awareness',
    goal: 'make more people recognise the brand and remember what makes it different',
    voice: 'Distinctive, consistent and memorable; the same few phrases come back.',
    instructions:
      'Repeat the same core message in different ways, use the brand colours and name in every visual, and favour shareable posts over offers.',
    message: '{company} is easy to recognise and easy to recommend.',
  },
  'community-building': {
    label: 'community building',
    suffix: 'Community',
    goal: 'start conversations and bring customers and neighbours together',
    voice: 'Welcoming, inclusive and chatty; asks more than it tells.',
    instructions:
      'Ask a question or invite a reply in every post, reply to comments the same day, and feature customers (with their permission).',
    message: 'Everyone is welcome in the {company} community, and every voice counts.',
  },
  'product-launch': {
    label: 'product launch',
    suffix: 'Launch',
    goal: 'make the new product known and get the first customers to try it',
    voice: 'Excited but clear; builds anticipation, then makes trying it easy.',
    instructions:
      'Build up with a teaser, announce on launch day with the product front and centre, then follow with details, first reactions and where to get it.',
    message: 'Trying it is easy: here is when and where to get it from {company}.',
  },
  'event-promotion': {
    label: 'event promotion',
    suffix: 'Event',
    goal: 'fill the event: make the date, place and reason to come unmissable',
    voice: 'Lively, inviting and precise about the practical details.',
    instructions:
      'Give the date, time and place in every post, count down in the last week, and share a recap with photos afterwards.',
    message: 'Save the date and come along: {company} would love to see you there.',
  },
};

/** An intention in words, for a language model's prompt: "product launch: make the new product…". */
export const intentionInWords = (intention: CampaignIntention): string =>
  `${INTENTIONS[intention].label}: ${INTENTIONS[intention].goal}`;

const PLATFORM_TIPS: Record<PlatformId, string> = {
  twitter: `On X (Twitter), keep posts under ${X_MAX_WEIGHTED_LENGTH} characters with at most two hashtags.`,
  linkedin:
    'On LinkedIn, write two or three short paragraphs with a professional angle and a question at the end.',
  facebook: 'On Facebook, write a friendly paragraph and invite comments.',
  instagram:
    'On Instagram, lead with the image, keep the caption short and put hashtags at the end.',
};

/* ----- Drafting ----- */

const websiteHighlights = (websites: readonly WebsiteReading[]): string[] =>
  websites.flatMap((website) =>
    website.status === 'read'
      ? [website.page.description, ...website.page.headings].filter(
          (text) => text && text.split(/\s+/).length >= 3,
        )
      : [],
  );

const insightsOf = (website: WebsiteReading & { status: 'read' }): string[] => {
  const { page } = website;
  const insights = [
    page.title && `The page presents itself as “${clipText(page.title, 120)}”.`,
    page.description && asSentence(clipText(page.description, 240)),
    page.headings.length &&
      `It puts forward: ${page.headings
        .slice(0, 3)
        .map((heading) => `“${clipText(heading, 80)}”`)
        .join(', ')}.`,
    page.paragraphs[0] && asSentence(clipText(page.paragraphs[0], 240)),
  ].filter((insight): insight is string => Boolean(insight));
  if (insights.length < 2) insights.push(`Little text could be read from ${page.url}.`);
  return insights.slice(0, 4);
};

const nameFor = (
  prompt: string,
  intention: CampaignIntention,
  company: DrafterCompany,
  recent: readonly string[],
): string => {
  const { suffix } = INTENTIONS[intention];
  const phrase = keyPhraseOf(prompt) || companyPhrase(company);
  const base = phrase.toLowerCase().split(' ').includes(suffix.toLowerCase())
    ? phrase
    : `${phrase} ${suffix}`;
  const taken = new Set(recent.map((name) => name.trim().toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let part = 2; ; part++) {
    const candidate = `${base} (Part ${part})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
};

const mediaDescription = (file: GeneratorMedia, usage: string, campaignName: string): string => {
  const described = withoutFinalStop(file.description);
  const what = described ? `: ${lowerFirstWord(described)}` : ` (${readableFileName(file)})`;
  return usage === 'primary'
    ? `The lead ${file.type} of ${campaignName}${what}. Use it in the opening post and the posts that matter most.`
    : `A supporting ${file.type}${what}. Rotate it into later posts so the feed stays varied.`;
};

const readableFileName = (file: { fileName: string }): string =>
  file.fileName
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim() || file.fileName;

const mediaAssetsFor = (
  media: readonly GeneratorMedia[],
  platforms: PlatformId[],
  campaignName: string,
): CampaignDraft['mediaAssets'] => {
  const firstImage = media.findIndex((file) => file.type === 'image');
  const lead = firstImage === -1 ? 0 : firstImage;
  return media.map((file, index) => {
    const usage = index === lead ? 'primary' : 'secondary';
    return {
      fileName: file.fileName,
      type: file.type,
      usage,
      description: mediaDescription(file, usage, campaignName),
      platforms,
    };
  });
};

/** "launch our…" from "Launch our…"; a name or "I" keeps its capital. */
const lowerFirstWord = (text: string): string => {
  const first = text.split(/\s/, 1)[0] ?? '';
  return STOP_WORDS.has(first.toLowerCase()) && first !== 'I'
    ? `${first.toLowerCase()}${text.slice(first.length)}`
    : text;
};

const firstDraft = (input: CampaignDraftInput): CampaignDraft => {
  const { company, intention, prompt } = input;
  const style = INTENTIONS[intention];
  const who = companyPhrase(company);
  const name = nameFor(prompt, intention, company, input.recentCampaigns);
  const audience = audienceOf(prompt);
  const [companySentence] = sentencesOf(company.description);
  const promptText = clipText(withoutFinalStop(prompt), 900);

  const description = [
    `A ${style.label} campaign for ${who}: ${lowerFirstWord(promptText)}.`,
    companySentence && asSentence(companySentence),
    `The goal is to ${style.goal}${audience ? `, speaking to ${audience}` : ''}.`,
  ]
    .filter(Boolean)
    .join(' ');

  const keyMessages = [
    ...clausesOf(prompt).slice(0, 3).map(asMessage),
    companySentence ? asSentence(companySentence) : '',
    ...websiteHighlights(input.websites).slice(0, 2).map(asSentence),
    style.message.replaceAll('{company}', who),
  ].filter(Boolean);
  const uniqueMessages = distinct(keyMessages).slice(0, 5);
  if (uniqueMessages.length < 3) {
    uniqueMessages.push(
      ...[
        `${who} is here for ${audience ?? 'its customers'}.`,
        `Follow ${who} for what comes next.`,
      ].slice(0, 3 - uniqueMessages.length),
    );
  }

  const platforms = [...input.allowedPlatforms];
  const lead = input.media.find((file) => file.type === 'image') ?? input.media[0];
  const contentInstructions = [
    style.instructions,
    audience && `Write for ${audience}.`,
    `Post three or four times a week for the length of the campaign.`,
    ...platforms.map((platform) => PLATFORM_TIPS[platform]),
    lead && `Open the campaign with ${lead.fileName}.`,
  ]
    .filter(Boolean)
    .join(' ');

  return {
    name,
    description,
    campaignIntention: intention,
    platforms,
    contentSeeds: {
      brandVoice: company.brandVoice.trim() || style.voice,
      keyMessages: uniqueMessages,
      contentInstructions,
    },
    mediaAssets: mediaAssetsFor(input.media, platforms, name),
  };
};

/* ----- Refining ----- */

interface Tone {
  pattern: RegExp;
  voice: string;
  /** The voice asked for when the feedback says "too …" or "less …" of this one. */
  opposite: string | null;
}

const PLAYFUL = 'Playful and light-hearted';
const PROFESSIONAL = 'Professional and polished';
const CASUAL = 'Warm and casual';
const BOLD = 'Bold and energetic';
const CALM = 'Calm and understated';

const TONES: Tone[] = [
  {
    pattern: /\b(playful|fun|funny|witty|humou?r|light-?hearted|cheeky)\b/i,
    voice: PLAYFUL,
    opposite: PROFESSIONAL,
  },
  {
    pattern: /\b(formal|professional|serious|corporate|polished|stiff)\b/i,
    voice: PROFESSIONAL,
    opposite: CASUAL,
  },
  {
    pattern: /\b(casual|relaxed|friendl(?:y|ier)|warm(?:er)?|personal)\b/i,
    voice: CASUAL,
    opposite: PROFESSIONAL,
  },
  {
    pattern: /\b(bold|energetic|exciting|punchy|louder|confident)\b/i,
    voice: BOLD,
    opposite: CALM,
  },
  {
    pattern: /\b(calm|gentle|soft(?:er)?|quiet(?:er)?|understated)\b/i,
    voice: CALM,
    opposite: BOLD,
  },
];
const TONE_PREFIX = new RegExp(`^(${[PLAYFUL, PROFESSIONAL, CASUAL, BOLD, CALM].join('|')})\\. `);

/** The voice the feedback asks for: "more playful" is playful, "too formal" is warm and casual. */
const toneOf = (feedback: string): string | null => {
  for (const tone of TONES) {
    const match = tone.pattern.exec(feedback);
    if (!match) continue;
    const before = feedback.slice(Math.max(0, match.index - 14), match.index).toLowerCase();
    if (/\b(too|less|not|overly|not so)\s+$/.test(before)) {
      if (tone.opposite) return tone.opposite;
      continue;
    }
    return tone.voice;
  }
  return null;
};

/** How feedback names each platform (a regular expression's source, matched case-blind). */
const PLATFORM_MENTIONS: PlatformTable<string> = {
  twitter: '(?:twitter|x \\(twitter\\)|\\bx\\b)',
  linkedin: 'linked-?in',
  facebook: 'facebook',
  instagram: 'instagram|insta\\b',
};

interface Refined {
  draft: CampaignDraft;
  notes: string[];
}

const shorten = (text: string, sentences: number): string =>
  sentencesOf(text).slice(0, sentences).join(' ') || text;

/** Applies the owner's feedback to the previous version, visibly and the same way every time. */
const refine = (input: CampaignDraftInput, previous: CampaignDraft, feedback: string): Refined => {
  const notes: string[] = [];
  const lower = feedback.toLowerCase();
  let draft: CampaignDraft = structuredClone(previous);

  const tone = toneOf(feedback);
  if (tone) {
    const rest = draft.contentSeeds.brandVoice.replace(TONE_PREFIX, '');
    draft.contentSeeds.brandVoice = rest ? `${tone}. ${rest}` : `${tone}.`;
    notes.push(`The brand voice is now ${tone.toLowerCase()}.`);
  }

  const rename = /\b(?:rename(?: it)?(?: to)?|call it|name it)\s+["“']?([^"”'.,;!?\n]+)/i.exec(
    feedback,
  );
  const newName = rename?.[1]?.split(/\s+and\s+/i)[0]?.trim();
  if (newName) {
    draft.name = titleCase(newName);
    notes.push(`The campaign is now called “${draft.name}”.`);
  }

  for (const platform of PLATFORM_IDS) {
    const pattern = PLATFORM_MENTIONS[platform];
    const remove = new RegExp(
      `\\b(?:remove|drop|without|skip|no|not on|not)\\s+(?:the\\s+)?(?:${pattern})`,
      'i',
    ).test(feedback);
    const named = new RegExp(pattern, 'i').test(lower);
    const seeds = draft.contentSeeds;
    if (remove && draft.platforms.includes(platform)) {
      draft.platforms = draft.platforms.filter((id) => id !== platform);
      seeds.contentInstructions = seeds.contentInstructions
        .replace(PLATFORM_TIPS[platform], '')
        .replace(/\s{2,}/g, ' ')
        .trim();
      notes.push(`${PLATFORMS[platform].name} is left out.`);
    } else if (named && !remove && !draft.platforms.includes(platform)) {
      if (input.allowedPlatforms.includes(platform)) {
        draft.platforms = input.allowedPlatforms.filter(
          (id) => id === platform || draft.platforms.includes(id),
        );
        seeds.contentInstructions =
          `${seeds.contentInstructions} ${PLATFORM_TIPS[platform]}`.trim();
        notes.push(`${PLATFORMS[platform].name} is added.`);
      } else {
        notes.push(
          `${PLATFORMS[platform].name} is not available for this company yet: connect it (and check that your plan includes it) to post there.`,
        );
      }
    }
  }

  const mentions = [
    ...feedback.matchAll(
      /\b(?:mention|include|talk about|highlight)\s+(?:that\s+)?([^.!?;,\n]+)/gi,
    ),
  ]
    .map((match) =>
      withoutFinalStop(
        (match[1] ?? '').split(
          /\s+(?:and|but)\s+(?=(?:mention|include|add|make|remove|drop|use|keep|talk|highlight)\b)/i,
        )[0] ?? '',
      ).replace(/\s+(?:too|as well|please)$/i, ''),
    )
    .filter(
      (mention) =>
        mention.split(/\s+/).length >= 1 &&
        !Object.values(PLATFORM_MENTIONS).some((pattern) =>
          new RegExp(`^(?:the\\s+)?(?:${pattern})$`, 'i').test(mention.trim()),
        ),
    );
  for (const mention of mentions) {
    const message = asSentence(mention);
    draft.contentSeeds.keyMessages = [
      message,
      ...draft.contentSeeds.keyMessages.filter((existing) => existing !== message),
    ];
    draft.contentSeeds.contentInstructions =
      `${draft.contentSeeds.contentInstructions} Mention ${withoutFinalStop(mention)} in at least one post a week.`.trim();
    notes.push(`Added a key message: “${message}”`);
  }

  if (/\b(shorter|concise|brief|too long|tighter|less text|trim|cut)\b/i.test(feedback)) {
    draft = {
      ...draft,
      description: shorten(draft.description, 2),
      contentSeeds: {
        ...draft.contentSeeds,
        keyMessages: draft.contentSeeds.keyMessages
          .slice(0, 3)
          .map((message) => asSentence(message.split(/[,;:]\s/)[0] ?? message)),
        contentInstructions: shorten(draft.contentSeeds.contentInstructions, 2),
      },
    };
    notes.push('The description, key messages and instructions are shorter.');
  } else if (/\b(longer|more detail|more details|expand|elaborate)\b/i.test(feedback)) {
    const extra = sentencesOf(input.company.description)
      .slice(0, 2)
      .filter((sentence) => !draft.description.includes(sentence));
    draft.description = [draft.description, ...extra].join(' ');
    notes.push('The description says more about the company.');
  }

  if (!notes.length) {
    // Nothing recognisable to apply: keep the owner's words where the post writer will read them.
    draft.contentSeeds.contentInstructions =
      `${draft.contentSeeds.contentInstructions} Owner's note: ${withoutFinalStop(feedback)}.`.trim();
    notes.push('Your feedback was added to the content instructions.');
  }

  // The media area may have changed since the previous version: one entry per file, kept where it was.
  const fresh = mediaAssetsFor(input.media, draft.platforms, draft.name);
  draft.mediaAssets = fresh.map(
    (asset) => draft.mediaAssets.find((old) => old.fileName === asset.fileName) ?? asset,
  );
  draft.campaignIntention = input.intention;
  return { draft, notes };
};

/* ----- The analysis ----- */

const analysisFor = (
  input: CampaignDraftInput,
  draft: CampaignDraft,
  notes: readonly string[],
): CampaignAnalysis => {
  const style = INTENTIONS[input.intention];
  const who = companyPhrase(input.company);
  const audience = audienceOf(input.prompt);
  const phrase = keyPhraseOf(input.prompt);
  const promptUnderstanding = [
    `You want a ${style.label} campaign for ${who}${phrase ? ` about ${phrase.toLowerCase()}` : ''}${
      audience ? `, aimed at ${audience}` : ''
    }.`,
    `As ${/^[aeiou]/i.test(style.label) ? 'an' : 'a'} ${style.label} campaign, it should ${style.goal}.`,
    input.refinement && `This version applies your feedback: ${notes.join(' ')}`,
  ]
    .filter(Boolean)
    .join(' ');

  const steps: string[] = [];
  if (!input.allowedPlatforms.length) {
    steps.push(
      'Connect a social platform (X or LinkedIn) on the Platforms page so the campaign has somewhere to post.',
    );
  } else if (!draft.platforms.length) {
    steps.push('Choose at least one platform for the campaign before generating content.');
  }
  if (!input.media.length) {
    steps.push('Add a few photos or a short video: posts with a picture get noticed more.');
  }
  if (input.websites.some((website) => website.status === 'failed')) {
    steps.push(
      'Check the website addresses that could not be read, or describe those pages in the prompt.',
    );
  }
  steps.push(
    'Review the key messages and edit any that do not sound like you.',
    'Use this campaign, then set it to Active before generating content.',
    'Check the start and end dates and the posting schedule.',
  );

  return {
    promptUnderstanding,
    websiteInsights: input.websites.map((website) =>
      website.status === 'read'
        ? { url: website.url, status: 'read', insights: insightsOf(website), error: null }
        : { url: website.url, status: 'failed', insights: [], error: website.error },
    ),
    recommendedNextSteps: steps,
    feedbackAnalysis: input.refinement ? readFeedback(input.refinement.feedback) : null,
  };
};

/* ----- Ideas and images ----- */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_HOOKS: Record<(typeof MONTHS)[number], string> = {
  January: 'a fresh start for the new year',
  February: 'a little something for the people we love',
  March: 'spring cleaning and new beginnings',
  April: 'longer days and new plans',
  May: 'getting out and about',
  June: 'the start of the summer season',
  July: 'the height of summer',
  August: 'the last weeks of the holidays',
  September: 'back-to-school and back-to-routine',
  October: 'cosy autumn days',
  November: 'getting ready for the festive season',
  December: 'the holidays and the year in review',
};

/** Words that join a description's phrases rather than name what the company offers. */
const LINKING_WORDS = new Set([
  'making',
  'offering',
  'selling',
  'providing',
  'based',
  'located',
  'since',
  'ships',
  'serving',
]);

/**
 * What the company offers, in its own words: the last two words of the longest run of meaningful
 * words in its description's first sentence ("single-origin beans" from "… roasts small batches of
 * single-origin beans in Portland …"); later runs win ties, since the object follows the verb.
 */
export const offerOf = (company: DrafterCompany): string | null => {
  const [first = ''] = sentencesOf(company.description);
  const own = new Set(company.name.toLowerCase().split(/\s+/));
  const tokens = first.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  let best: string[] = [];
  let bestWeight = 0;
  let run: string[] = [];
  const weight = (words: string[]) => words.reduce((sum, word) => sum + word.split('-').length, 0);
  for (const token of [...tokens, '']) {
    const lower = token.toLowerCase();
    if (
      token &&
      !STOP_WORDS.has(lower) &&
      !LINKING_WORDS.has(lower) &&
      !own.has(lower) &&
      !/^\d+$/.test(token)
    ) {
      run.push(token);
      continue;
    }
    if (run.length && weight(run) >= bestWeight) {
      best = run;
      bestWeight = weight(run);
    }
    run = [];
  }
  const offer = best.slice(-2).join(' ');
  return offer && bestWeight >= 2 ? offer.toLowerCase() : null;
};

interface IdeaTemplate {
  /** Words that, in a recent campaign's name, mean the idea was done lately. */
  theme: RegExp;
  write: (who: string, topics: string, month: string, hook: string) => string;
}

const IDEAS: IdeaTemplate[] = [
  {
    theme: /behind|scenes|story|stories/i,
    write: (who, topics) =>
      `A behind-the-scenes series showing how the ${who} team works on ${topics}, one person and one moment per post.`,
  },
  {
    theme: /tip|guide|how to|learn/i,
    write: (who, topics) =>
      `Quick weekly tips about ${topics} that help customers get more out of ${who}.`,
  },
  {
    theme: /special|offer|deal|sale/i,
    write: (who, _topics, month, hook) =>
      `A ${month} special from ${who} built around ${hook}, with a limited-time offer for followers.`,
  },
  {
    theme: /community|customer|spotlight|your/i,
    write: (who) =>
      `Celebrate ${who}'s customers: invite them to share their photos and stories, and feature the best ones each week.`,
  },
  {
    theme: /meet|introduc|awareness|who we are/i,
    write: (who, topics) =>
      `Introduce ${who} to new followers: who we are, what we do with ${topics}, and why people come back.`,
  },
  {
    theme: /event|open|workshop|day/i,
    write: (who, topics, month) =>
      `Promote a small ${month} event at ${who}, such as a tasting, a workshop or an open day about ${topics}.`,
  },
  {
    theme: /favourite|favorite|best|top/i,
    write: (who, topics, month) =>
      `${who}'s ${month} favourites: one product or service around ${topics} per post, and why we love it.`,
  },
];

const ORIENTATION = (width: number, height: number): string =>
  width > height * 1.2 ? 'wide' : height > width * 1.2 ? 'tall' : 'square';

const FORMAT_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

/** Today's date (YYYY-MM-DD) in UTC, when the caller gives no local date. */
const utcToday = (): string => new Date().toISOString().slice(0, 10);

/* ----- The drafter ----- */

export interface OfflineCampaignDrafterOptions {
  /** Waits between the stages, so the progress on screen moves as it would with a model. */
  pause?: (ms: number) => Promise<void>;
}

/** Stages of about 1.5 s in all; no wait under Vitest, so the tests stay fast. */
const STAGE_PAUSES_MS = { drafting: 900, checking: 600 } as const;

export const defaultPause = (ms: number): Promise<void> =>
  process.env.VITEST ? Promise.resolve() : sleep(ms);

export const createOfflineCampaignDrafter = (
  options: OfflineCampaignDrafterOptions = {},
): CampaignDrafter => {
  const pause = options.pause ?? defaultPause;
  return {
    source: 'offline',

    async draftCampaign(input, onStage?: (stage: GenerationStage) => Promise<void>) {
      await onStage?.('drafting');
      await pause(STAGE_PAUSES_MS.drafting);
      const { draft, notes } = input.refinement
        ? refine(input, input.refinement.previous, input.refinement.feedback)
        : { draft: firstDraft(input), notes: [] };
      await onStage?.('checking');
      await pause(STAGE_PAUSES_MS.checking);
      const held = withinCampaignRules(
        { campaign: draft, analysis: analysisFor(input, draft, notes) },
        input,
      );
      return { ...held, usage: null };
    },

    async suggestCampaigns(input) {
      const { company } = input;
      const today = input.today ?? utcToday();
      const month = MONTHS[Number(today.slice(5, 7)) - 1] ?? MONTHS[0];
      const who = companyPhrase(company);
      const topics = offerOf(company) ?? 'what we do best';
      const recent = input.recentCampaigns.join(' | ');
      const seed = hashOf(`${company.name}|${today}`);
      const count = AI_SUGGESTIONS_MIN + (seed % (AI_SUGGESTIONS_MAX - AI_SUGGESTIONS_MIN + 1));
      const rotated = IDEAS.map((_, index) => IDEAS[(seed + index) % IDEAS.length]!);
      const fresh = rotated.filter((idea) => !recent || !idea.theme.test(recent));
      const chosen = [...fresh, ...rotated.filter((idea) => !fresh.includes(idea))].slice(0, count);
      return chosen.map((idea) => idea.write(who, topics, month, MONTH_HOOKS[month]));
    },

    async describeImage(image: ImageToDescribe) {
      const format = FORMAT_NAMES[image.contentType] ?? 'image';
      const longest = Math.max(image.width, image.height);
      return {
        description: `A ${ORIENTATION(image.width, image.height)} ${format} image (${image.width}×${image.height}) named ${readableFileName(image)}.`,
        suggestedUsage: longest >= 1000 ? 'primary' : longest < 400 ? 'reference' : 'secondary',
        suggestedPlatforms: [...image.allowedPlatforms],
        width: image.width,
        height: image.height,
      };
    },
  };
};

export const offlineCampaignDrafter = createOfflineCampaignDrafter();
