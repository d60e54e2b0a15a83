import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import * as z from 'zod';
import type { ModifyAspect } from '#shared/domain/content';
import { postTextLength } from '#shared/domain/post-text';
import { linksCostMore, linksUnclickable } from '#shared/domain/post-text-rules';
import { PLATFORMS } from '#shared/domain/tiers';
import { logger } from '#functions/core/logger';
import { DrafterInvalidAnswer, type TokenUsage } from './campaign-drafter';
import { clipText } from './campaign-rules';
import type { ContentDraftInput, ContentDrafter } from './content-drafter';
import { intentionInWords } from './offline-campaign-drafter';
import {
  companyProfile,
  createStructuredAsk,
  responseFormat,
  type CallLimits,
} from './openai-campaign-drafter';
import { fitPost, linkAllowed, platformGuidance } from './post-rules';
import { strictJsonSchema } from './strict-json-schema';

export interface OpenAiContentDrafterLimits {
  /**
   * One ask: a post runs in the generation job like a campaign, but is far shorter to write. A
   * post over the platform's limit is asked for once more, so a draft takes at most two of these.
   */
  post: CallLimits;
}

export const DEFAULT_CONTENT_LIMITS: OpenAiContentDrafterLimits = {
  post: { timeoutMs: 30_000, maxRetries: 2, deadlineMs: 60_000 },
};

/* ----- Schema ----- */

const postAnswerSchema = z.object({
  text: z.string().meta({
    description:
      'The post exactly as it will be published: no quotes around it, no notes, no placeholders',
  }),
});
const POST_JSON_SCHEMA = strictJsonSchema(postAnswerSchema);
/** An empty post is no answer: asked for once more, like any answer that does not fit. */
const nonEmptyPost = postAnswerSchema.refine(({ text }) => text.trim().length > 0, {
  message: 'The post is empty',
});

/* ----- Prompt ----- */

/** Each recent post goes to the model in full up to this length: enough to see its angle. */
const RECENT_POST_MAX = 600;

const POST_SYSTEM = `You write social media posts for small businesses, inside Sailpost, a social media assistant. You write one post for one platform, ready to publish as it is.

Rules:
- Use only facts from the company profile, the campaign and the media descriptions. Never invent prices, discounts, dates, addresses, links or claims.
- Write in the language of the campaign, in the brand voice.
- Build the post on one or two of the key messages, follow the owner's content instructions, and serve the campaign's intention.
- When media goes with the post, write so that the text fits it.
- Follow the platform's rules exactly: its length limit is a hard limit.
- Do not repeat the recent posts: a different opening, angle and wording.
- Answer with the post only: no quotes around it, no notes to the owner, no placeholders such as [link].`;

const ASPECT_MEANINGS: Record<ModifyAspect, string> = {
  tone: 'tone: change the voice and mood (and the opening), as the feedback says',
  length: 'length: make it shorter, unless the feedback asks for longer',
  messaging: 'messaging: change what it says: another key message or angle',
  style: 'style: change the form: structure, line breaks, emoji, hashtags',
};

const linkRule = (input: ContentDraftInput): string =>
  linksUnclickable(input.platform)
    ? `Links: none. ${PLATFORMS[input.platform].shortName} shows links as plain text: write no URL or web address; where the instructions ask for a link, say "link in bio".`
    : !linksCostMore(input.platform)
      ? 'Links: at most one, and only a link the campaign gives.'
      : linkAllowed(input)
        ? 'Links: the instructions ask for a link, so include the one they give (or the company website), once.'
        : `Links: none. ${PLATFORMS[input.platform].shortName} charges far more for a post with a link: write no URL or web address at all.`;

const quoted = (text: string) => `"""\n${text}\n"""`;

const postPrompt = (input: ContentDraftInput): string => {
  const { campaign, platform } = input;
  return [
    companyProfile(input.company),
    [
      `Campaign: ${campaign.name}`,
      campaign.description && `Campaign description: ${campaign.description}`,
      `Campaign intention: ${campaign.intention} (${intentionInWords(campaign.intention)})`,
      campaign.brandVoice && `Campaign brand voice: ${campaign.brandVoice}`,
    ]
      .filter(Boolean)
      .join('\n'),
    campaign.keyMessages.length
      ? ['Key messages:', ...campaign.keyMessages.map((message) => `- ${message}`)].join('\n')
      : 'Key messages: none given (use the campaign description).',
    campaign.contentInstructions &&
      `The owner's content instructions:\n${quoted(campaign.contentInstructions)}`,
    input.media.length
      ? [
          'Media that goes with this post:',
          ...input.media.map(
            (item, index) =>
              `${index + 1}. ${item.type} (${item.usage})${item.description ? `: ${item.description}` : ''}`,
          ),
        ].join('\n')
      : 'Media: none (a text-only post).',
    `Platform: ${PLATFORMS[platform].name}\n${platformGuidance(platform)}\n${linkRule(input)}`,
    input.recentPosts.length &&
      [
        'Recent posts of this campaign, newest first (do not repeat them):',
        ...input.recentPosts
          .slice(0, 10)
          .map((post, index) => `${index + 1}. ${quoted(clipText(post, RECENT_POST_MAX))}`),
      ].join('\n'),
    input.revision &&
      [
        'This is a revision. The current post:',
        quoted(input.revision.previous),
        input.revision.feedback && `The owner's feedback:\n${quoted(input.revision.feedback)}`,
        input.revision.aspects.length &&
          `What to change:\n${input.revision.aspects.map((aspect) => `- ${ASPECT_MEANINGS[aspect]}`).join('\n')}`,
        'Apply the feedback and keep what it does not ask to change.',
      ]
        .filter(Boolean)
        .join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
};

/** What the model is told when its post is over the platform's limit. */
const overLimitPrompt = (input: ContentDraftInput, text: string): string => {
  const length = postTextLength(input.platform, text);
  const name = PLATFORMS[input.platform].name;
  const problems = [
    length.length > length.max &&
      `That post is ${length.length} characters as ${name} counts them; it allows ${length.max}, so it is ${length.length - length.max} over.`,
    length.maxHashtags !== null &&
      length.hashtags > length.maxHashtags &&
      `It has ${length.hashtags} hashtags; ${name} allows ${length.maxHashtags}.`,
  ].filter(Boolean);
  return `${problems.join(' ')} Rewrite it within the limit, keeping its message and voice.`;
};

const sumUsage = (a: TokenUsage | null, b: TokenUsage | null): TokenUsage | null =>
  a && b
    ? { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens }
    : (a ?? b);

/* ----- The drafter ----- */

export const createOpenAiContentDrafter = (
  limits: OpenAiContentDrafterLimits = DEFAULT_CONTENT_LIMITS,
): ContentDrafter => {
  const ask = createStructuredAsk();

  const askForPost = (what: string, messages: ChatCompletionMessageParam[]) =>
    ask(
      what,
      { temperature: 0.8, messages, response_format: responseFormat('post', POST_JSON_SCHEMA) },
      nonEmptyPost,
      limits.post,
    );

  return {
    source: 'openai',

    async draftPost(input, onStage) {
      const what = input.revision ? 'revise post' : 'draft post';
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: POST_SYSTEM },
        { role: 'user', content: postPrompt(input) },
      ];
      await onStage?.('drafting');
      const first = await askForPost(what, messages);
      await onStage?.('checking');
      let { text } = first.value;
      let { usage } = first;
      if (!postTextLength(input.platform, text).withinLimit) {
        // Once: the model rewrites better than a cut, but a second miss is cut rather than paid for.
        logger.warn('OpenAI post over the platform limit; asking once more', {
          platform: input.platform,
          length: postTextLength(input.platform, text).length,
        });
        const second = await askForPost(`${what} within the limit`, [
          ...messages,
          { role: 'assistant', content: JSON.stringify(first.value) },
          { role: 'user', content: overLimitPrompt(input, text) },
        ]);
        text = second.value.text;
        usage = sumUsage(usage, second.usage);
      }
      const fitted = fitPost(input.platform, text, { allowLinks: linkAllowed(input) });
      if (!fitted) throw new DrafterInvalidAnswer('The post had nothing but links');
      return { text: fitted, usage };
    },
  };
};

export const openAiContentDrafter = createOpenAiContentDrafter();
