import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  InternalServerError,
  RateLimitError,
} from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import * as z from 'zod';
import { campaignAnalysisSchema, campaignDraftSchema } from '#shared/contract/ai';
import { AI_SUGGESTIONS_MAX, AI_SUGGESTIONS_MIN } from '#shared/domain/ai-campaigns';
import { CAMPAIGN_NAME_MAX, MEDIA_DESCRIPTION_MAX, MEDIA_USAGES } from '#shared/domain/campaigns';
import { PLATFORM_IDS, PLATFORMS, type PlatformId } from '#shared/domain/tiers';
import { config } from '#functions/core/config';
import { lazyAsync } from '#functions/core/lazy';
import { logger } from '#functions/core/logger';
import { readDeclaredSecret } from '#functions/core/secrets';
import {
  DrafterInvalidAnswer,
  DrafterRefused,
  DrafterUnavailable,
  type CampaignDraftInput,
  type CampaignDrafter,
  type DrafterCompany,
  type ImageToDescribe,
  type TokenUsage,
  type WebsiteReading,
} from './campaign-drafter';
import { clipText, withinCampaignRules } from './campaign-rules';
import { intentionInWords } from './offline-campaign-drafter';
import { strictJsonSchema, type JsonSchema } from './strict-json-schema';

/* ----- Time limits ----- */

export interface CallLimits {
  /** One attempt's time-out (the SDK's `timeout`). */
  timeoutMs: number;
  /** Retries the SDK makes on time-outs, connection errors, 429 and 5xx (with its backoff). */
  maxRetries: number;
  /**
   * The whole call, the SDK's retries and their waits and a second ask after a malformed answer
   * included: the SDK honours any `retry-after` the API sends, however long, so this is what
   * bounds a call.
   */
  deadlineMs: number;
}

export interface OpenAiCampaignDrafterLimits {
  /** A campaign runs in the generation job: up to 45 s an attempt, 2½ minutes in all. */
  campaign: CallLimits;
  /** Ideas and image descriptions answer an API request, which API Gateway ends at 30 s. */
  suggestions: CallLimits;
  image: CallLimits;
}

export const DEFAULT_LIMITS: OpenAiCampaignDrafterLimits = {
  campaign: { timeoutMs: 45_000, maxRetries: 2, deadlineMs: 150_000 },
  suggestions: { timeoutMs: 10_000, maxRetries: 1, deadlineMs: 24_000 },
  image: { timeoutMs: 20_000, maxRetries: 1, deadlineMs: 24_000 },
};

/* ----- Schemas ----- */

const campaignResultSchema = z.object({
  campaign: campaignDraftSchema,
  analysis: campaignAnalysisSchema,
});
const CAMPAIGN_JSON_SCHEMA = strictJsonSchema(campaignResultSchema);

const suggestionsSchema = z.object({
  suggestions: z.array(z.string()).meta({
    description: `${AI_SUGGESTIONS_MIN} to ${AI_SUGGESTIONS_MAX} campaign ideas, one sentence each, in the owner's voice`,
  }),
});
const SUGGESTIONS_JSON_SCHEMA = strictJsonSchema(suggestionsSchema);

const imageAnswerSchema = z.object({
  description: z.string().meta({
    description: 'What the image shows, in one or two plain sentences (also its alt text)',
  }),
  suggestedUsage: z.enum(MEDIA_USAGES).meta({
    description:
      'primary: a strong lead image; secondary: a supporting image; reference: not for posting (a mood board, a screenshot)',
  }),
  suggestedPlatforms: z.array(z.enum(PLATFORM_IDS)),
});
const IMAGE_JSON_SCHEMA = strictJsonSchema(imageAnswerSchema);

type Path = (string | number)[];

/** A copy of a JSON schema with the node at `path` (through `properties` and `items`) changed. */
const narrowed = (schema: JsonSchema, changes: [Path, JsonSchema][]): JsonSchema => {
  const copy = structuredClone(schema);
  for (const [path, change] of changes) {
    let node = copy;
    for (const step of path) {
      node = (step === 'items' ? node.items : (node.properties as JsonSchema)[step]) as JsonSchema;
    }
    Object.assign(node, change);
  }
  return copy;
};

/** Only what this call may answer: its platforms, its intention, its files' and websites' names. */
const campaignSchemaFor = (input: CampaignDraftInput): JsonSchema => {
  const changes: [Path, JsonSchema][] = [
    [['campaign', 'campaignIntention'], { enum: [input.intention] }],
  ];
  // An empty enum is not a schema: without platforms, the prompt says to leave the list empty.
  if (input.allowedPlatforms.length) {
    const platforms = { enum: [...input.allowedPlatforms] };
    changes.push(
      [['campaign', 'platforms', 'items'], platforms],
      [['campaign', 'mediaAssets', 'items', 'platforms', 'items'], platforms],
    );
  }
  if (input.media.length) {
    changes.push([
      ['campaign', 'mediaAssets', 'items', 'fileName'],
      { enum: input.media.map((file) => file.fileName) },
    ]);
  }
  if (input.websites.length) {
    changes.push([
      ['analysis', 'websiteInsights', 'items', 'url'],
      { enum: input.websites.map((website) => website.url) },
    ]);
  }
  return narrowed(CAMPAIGN_JSON_SCHEMA, changes);
};

export const responseFormat = (name: string, schema: JsonSchema) => ({
  type: 'json_schema' as const,
  json_schema: { name, strict: true, schema },
});

/* ----- Prompts ----- */

/** Per website, at most this much of its text goes to the model. */
const WEBSITE_TEXT_MAX = 1500;
const WEBSITE_HEADINGS_MAX = 8;

const platformList = (platforms: readonly PlatformId[]) =>
  platforms.map((id) => `${id} (${PLATFORMS[id].name})`).join(', ');

export const companyProfile = (company: DrafterCompany): string =>
  [
    `Company: ${company.name}`,
    company.website && `Website: ${company.website}`,
    company.description && `Description: ${company.description}`,
    company.brandVoice && `Brand voice: ${company.brandVoice}`,
    company.brandColors.length && `Brand colours: ${company.brandColors.join(', ')}`,
  ]
    .filter(Boolean)
    .join('\n');

const websiteSection = (websites: readonly WebsiteReading[]): string =>
  websites.length
    ? [
        'Websites the owner named (one websiteInsights entry each, in this order):',
        ...websites.map((website, index) => {
          if (website.status === 'failed') {
            return `${index + 1}. ${website.url}: could not be read (status "failed", insights [], error "${website.error}")`;
          }
          const { page } = website;
          return [
            `${index + 1}. ${website.url}: read (status "read", error null)`,
            page.title && `   Title: ${page.title}`,
            page.description && `   Description: ${page.description}`,
            page.headings.length &&
              `   Headings: ${page.headings.slice(0, WEBSITE_HEADINGS_MAX).join(' | ')}`,
            page.paragraphs.length &&
              `   Text: ${clipText(page.paragraphs.join(' '), WEBSITE_TEXT_MAX)}`,
          ]
            .filter(Boolean)
            .join('\n');
        }),
      ].join('\n')
    : 'Websites: none (websiteInsights is empty).';

const CAMPAIGN_SYSTEM = `You plan social media campaigns for small businesses, inside Sailpost, a social media assistant. From the owner's description, the company's profile and any websites, you draft one campaign and explain your reading of it.

Rules:
- Use only facts from the profile, the description and the websites. Never invent prices, discounts, dates, addresses or claims.
- Write in the language of the owner's description, in the company's brand voice.
- name: short and memorable, at most ${CAMPAIGN_NAME_MAX} characters, different from the recent campaigns' names.
- platforms: only among the platforms offered; none offered means an empty list.
- keyMessages: 3 to 6, one sentence each. contentInstructions: concrete guidance for the post writer (what to mention, what to avoid, how often to post, per platform where it helps).
- mediaAssets: exactly one entry per media file listed, in the same order, with its fileName and type; the strongest image is usually primary.
- websiteInsights: exactly one entry per website listed, in the same order; 2 to 4 insights for a page that was read; a page that could not be read keeps status "failed", no insights and the error given.
- recommendedNextSteps: 3 to 5 concrete next steps in Sailpost (for example connect a platform when none is offered, add photos when there are none, review the key messages, set the campaign Active before generating content).
- feedbackAnalysis: null unless the owner gave feedback on a previous version.`;

const campaignPrompt = (input: CampaignDraftInput): string =>
  [
    companyProfile(input.company),
    `Campaign intention: ${input.intention} (${intentionInWords(input.intention)})`,
    input.allowedPlatforms.length
      ? `Platforms offered: ${platformList(input.allowedPlatforms)}`
      : 'Platforms offered: none yet (leave platforms empty; recommend connecting one)',
    `The owner's description of the campaign:\n"""\n${input.prompt}\n"""`,
    websiteSection(input.websites),
    input.media.length
      ? [
          'Media files (one mediaAssets entry each, in this order):',
          ...input.media.map(
            (file, index) =>
              `${index + 1}. ${file.fileName} (${file.type})${file.description ? `: ${file.description}` : ''}`,
          ),
        ].join('\n')
      : 'Media files: none (mediaAssets is empty).',
    input.recentCampaigns.length &&
      `Recent campaigns (do not reuse their names): ${input.recentCampaigns.slice(0, 10).join('; ')}`,
    input.refinement &&
      [
        'This is a refinement. The previous version:',
        JSON.stringify(input.refinement.previous),
        `The owner's feedback on it:\n"""\n${input.refinement.feedback}\n"""`,
        'Apply the feedback and keep what it does not ask to change. Fill feedbackAnalysis: sentimentScore from 0 (negative) to 1 (positive), and keyPoints, the feedback’s points in short.',
      ].join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');

/* ----- Calling the model ----- */

export interface Asked<T> {
  value: T;
  usage: TokenUsage | null;
}

const addUsage = (total: TokenUsage | null, completion: OpenAI.ChatCompletion) =>
  completion.usage
    ? {
        inputTokens: (total?.inputTokens ?? 0) + completion.usage.prompt_tokens,
        outputTokens: (total?.outputTokens ?? 0) + completion.usage.completion_tokens,
      }
    : total;

/**
 * What went wrong, for the logs. The SDK's errors keep `name` 'Error' and the bundles are minified
 * (class names mangled), so the kind is read from the classes themselves.
 */
const kindOf = (error: unknown): string =>
  error instanceof APIConnectionTimeoutError
    ? 'timeout'
    : error instanceof APIUserAbortError
      ? 'deadline'
      : error instanceof APIConnectionError
        ? 'connection'
        : error instanceof RateLimitError
          ? 'rate-limited'
          : error instanceof APIError
            ? `status ${error.status ?? 'unknown'}`
            : 'setup';

/** Why an SDK error means no answer, for the logs (never the prompt or the answer). */
const unavailable = (error: unknown, what: string): DrafterUnavailable => {
  if (
    error instanceof APIConnectionError || // time-outs are connection errors too
    error instanceof RateLimitError ||
    error instanceof InternalServerError ||
    error instanceof APIUserAbortError
  ) {
    logger.warn('OpenAI gave no answer in time', {
      what,
      error: kindOf(error),
      status: error.status ?? null,
      requestId: error.requestID ?? null,
    });
    return new DrafterUnavailable(`OpenAI gave no answer in time (${kindOf(error)})`);
  }
  // 400, 401, 403, 404, 422 or a missing key: the request or the configuration is wrong.
  logger.error('OpenAI call failed', {
    what,
    error: kindOf(error),
    status: error instanceof APIError ? (error.status ?? null) : null,
    message: error instanceof Error ? error.message : null,
    requestId: error instanceof APIError ? (error.requestID ?? null) : null,
  });
  return new DrafterUnavailable('The AI service could not be reached');
};

/** Ends a call that outlives its deadline, even while the SDK sleeps before a retry. */
const withinDeadline = async <T>(
  deadlineMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new APIUserAbortError({ message: `No answer within ${deadlineMs} ms` }));
    }, deadlineMs);
  });
  try {
    return await Promise.race([call(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
};

/** Asks OpenAI for one structured answer (see `createStructuredAsk`). */
export type StructuredAsk = <T>(
  what: string,
  request: Omit<ChatCompletionCreateParamsNonStreaming, 'model'>,
  schema: z.ZodType<T>,
  callLimits: CallLimits,
) => Promise<Asked<T>>;

/**
 * How every OpenAI drafter asks: one client (made on first use, the key from the environment in the
 * sandbox and tests or from Secrets Manager), and one structured answer per call: a refusal is
 * final, an answer cut short is invalid, an answer that does not fit the schema is asked for once
 * more, then invalid. SDK failures are unavailability.
 */
export const createStructuredAsk = (): StructuredAsk => {
  const client = lazyAsync(async () => {
    const apiKey = await readDeclaredSecret('openAiKey');
    return new OpenAI({ apiKey, baseURL: config().OPENAI_BASE_URL });
  });

  return async <T>(
    what: string,
    request: Omit<ChatCompletionCreateParamsNonStreaming, 'model'>,
    schema: z.ZodType<T>,
    callLimits: CallLimits,
  ): Promise<Asked<T>> => {
    let usage: TokenUsage | null = null;
    // One budget for the call, the second ask after a malformed answer included.
    const endsAt = Date.now() + callLimits.deadlineMs;
    for (let attempt = 1; ; attempt++) {
      let completion: OpenAI.ChatCompletion;
      try {
        const openai = await client();
        completion = await withinDeadline(Math.max(1, endsAt - Date.now()), (signal) =>
          openai.chat.completions.create(
            { model: config().OPENAI_MODEL, ...request },
            { timeout: callLimits.timeoutMs, maxRetries: callLimits.maxRetries, signal },
          ),
        );
      } catch (error) {
        throw unavailable(error, what);
      }
      usage = addUsage(usage, completion);
      const [choice] = completion.choices;
      if (choice?.message.refusal || choice?.finish_reason === 'content_filter') {
        logger.warn('OpenAI refused', { what, finishReason: choice.finish_reason });
        throw new DrafterRefused(choice.message.refusal ?? 'The answer was filtered');
      }
      if (choice?.finish_reason === 'length') {
        logger.warn('OpenAI answer cut short', { what, usage });
        throw new DrafterInvalidAnswer('The answer was cut short');
      }
      let parsed: z.ZodSafeParseResult<T> | null = null;
      try {
        parsed = schema.safeParse(JSON.parse(choice?.message.content ?? ''));
      } catch {
        // Not JSON: handled below as an answer that does not fit.
      }
      if (parsed?.success) return { value: parsed.data, usage };
      logger.warn('OpenAI answer does not fit the schema', {
        what,
        attempt,
        issues: parsed?.error.issues.slice(0, 5).map((issue) => issue.path.join('.')) ?? 'not JSON',
      });
      if (attempt === 2) throw new DrafterInvalidAnswer('The answer did not fit the schema twice');
    }
  };
};

export const createOpenAiCampaignDrafter = (
  limits: OpenAiCampaignDrafterLimits = DEFAULT_LIMITS,
): CampaignDrafter => {
  const ask = createStructuredAsk();

  return {
    source: 'openai',

    async draftCampaign(input, onStage) {
      await onStage?.('drafting');
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: CAMPAIGN_SYSTEM },
        { role: 'user', content: campaignPrompt(input) },
      ];
      const { value, usage } = await ask(
        input.refinement ? 'refine campaign' : 'draft campaign',
        {
          temperature: 0.7,
          messages,
          response_format: responseFormat('campaign', campaignSchemaFor(input)),
        },
        campaignResultSchema,
        limits.campaign,
      );
      await onStage?.('checking');
      return { ...withinCampaignRules(value, input), usage };
    },

    async suggestCampaigns(input) {
      const today = input.today ?? new Date().toISOString().slice(0, 10);
      const recent = new Set(input.recentCampaigns.map((name) => name.trim().toLowerCase()));
      const { value } = await ask(
        'suggest campaigns',
        {
          temperature: 0.9,
          messages: [
            {
              role: 'system',
              content: `You suggest social media campaign ideas to a small business owner. Give ${AI_SUGGESTIONS_MIN} to ${AI_SUGGESTIONS_MAX} distinct ideas, each one sentence the owner could use as a campaign description, fitting the company and the season of today's date. Do not repeat the recent campaigns. Never invent prices or facts.`,
            },
            {
              role: 'user',
              content: [
                companyProfile(input.company),
                `Today: ${today}`,
                input.recentCampaigns.length &&
                  `Recent campaigns: ${input.recentCampaigns.slice(0, 10).join('; ')}`,
              ]
                .filter(Boolean)
                .join('\n'),
            },
          ],
          response_format: responseFormat('campaign_ideas', SUGGESTIONS_JSON_SCHEMA),
        },
        suggestionsSchema.refine(
          ({ suggestions }) =>
            suggestions.filter((idea) => idea.trim() && !recent.has(idea.trim().toLowerCase()))
              .length >= AI_SUGGESTIONS_MIN,
          { message: `At least ${AI_SUGGESTIONS_MIN} ideas` },
        ),
        limits.suggestions,
      );
      const ideas = value.suggestions
        .map((idea) => clipText(idea, 300))
        .filter((idea) => idea && !recent.has(idea.toLowerCase()));
      return [...new Set(ideas)].slice(0, AI_SUGGESTIONS_MAX);
    },

    async describeImage(image: ImageToDescribe) {
      const allowed = image.allowedPlatforms;
      const schema = allowed.length
        ? narrowed(IMAGE_JSON_SCHEMA, [[['suggestedPlatforms', 'items'], { enum: [...allowed] }]])
        : IMAGE_JSON_SCHEMA;
      const dataUrl = `data:${image.contentType};base64,${Buffer.from(image.bytes).toString('base64')}`;
      const { value } = await ask(
        'describe image',
        {
          temperature: 0.2,
          messages: [
            {
              role: 'system',
              content:
                "You describe images a small business will use in its social media campaigns: what the image shows, plainly and accurately (no guesses about people's identity), and how a campaign could use it.",
            },
            {
              role: 'user',
              content: [
                {
                  type: 'text',
                  text: [
                    companyProfile(image.company),
                    `File: ${image.fileName} (${image.width}×${image.height})`,
                    allowed.length
                      ? `Platforms offered: ${platformList(allowed)}`
                      : 'Platforms offered: none yet (suggestedPlatforms is empty)',
                  ].join('\n'),
                },
                { type: 'image_url', image_url: { url: dataUrl, detail: 'low' } },
              ],
            },
          ],
          response_format: responseFormat('image_description', schema),
        },
        imageAnswerSchema,
        limits.image,
      );
      return {
        description: clipText(value.description, MEDIA_DESCRIPTION_MAX),
        suggestedUsage: value.suggestedUsage,
        suggestedPlatforms: allowed.filter((id) => value.suggestedPlatforms.includes(id)),
        width: image.width,
        height: image.height,
      };
    },
  };
};

export const openAiCampaignDrafter = createOpenAiCampaignDrafter();
