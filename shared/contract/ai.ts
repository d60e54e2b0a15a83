import * as z from 'zod';
import {
  AI_CAMPAIGN_TEXTS,
  AI_FEEDBACK_MAX,
  AI_MEDIA_FILES_MAX,
  AI_MEDIA_IMAGE_MAX_BYTES,
  AI_MEDIA_IMAGE_TOO_LARGE,
  AI_MEDIA_IMAGE_TYPES,
  AI_PROMPT_MAX,
  AI_WEBSITE_URLS_MAX,
  DRAFT_SOURCES,
  GENERATION_KINDS,
  GENERATION_STAGES,
  GENERATION_STATUSES,
} from '../domain/ai-campaigns';
import {
  CAMPAIGN_INTENTIONS,
  CAMPAIGN_NAME_MAX,
  DEFAULT_CAMPAIGN_INTENTION,
  MEDIA_TYPES,
  MEDIA_USAGES,
} from '../domain/campaigns';
import { PLATFORM_IDS } from '../domain/tiers';
import {
  campaignDescription,
  campaignIntention,
  campaignName,
  campaignPlatforms,
  contentInstructions,
  keyMessages,
} from './campaigns';
import { mediaDescription, mediaPlatforms, mediaUsage } from './media';
import { brandVoice, website, WEBSITE_MAX } from './companies';
import { contentGenerationSchema } from './content';
import { bodyErrors, companyIdValue, requiredLongText, text } from './fields';
import { defineRoute, PATH_ID_PATTERN } from './route';

const companyProfileBody = z.strictObject(
  { website: text('Website', 'Website is required', WEBSITE_MAX) },
  bodyErrors(),
);

export { DRAFT_SOURCES, type DraftSource } from '../domain/ai-campaigns';

/**
 * What a drafter writes: a first draft of the company's profile for the owner to edit, inside the
 * company field rules. The descriptions are also what the language model is told about each field.
 */
export const draftedCompanyProfileSchema = z.object({
  name: z.string().meta({ description: 'The company name as the site presents it' }),
  description: z
    .string()
    .meta({ description: '2-4 sentences: what the company offers and for whom' }),
  brandVoice: z
    .string()
    .meta({ description: 'One or two sentences describing the tone of voice of the copy' }),
  brandColors: z.array(z.string()).meta({ description: 'Up to 3 brand colours as #RRGGBB' }),
});
export type DraftedCompanyProfile = z.infer<typeof draftedCompanyProfileSchema>;

const companyProfileDraftSchema = draftedCompanyProfileSchema.extend({
  /** The address finally read (after redirects). */
  website: z.string(),
  source: z.enum(DRAFT_SOURCES),
});
export type CompanyProfileDraft = z.infer<typeof companyProfileDraftSchema>;

/* ----- The AI campaign generator ----- */

/** A file in the generator's media area: what it is and what it shows (the owner's words or the AI's). */
const generatorMediaSchema = z.object({
  fileName: z.string(),
  type: z.enum(MEDIA_TYPES),
  description: z.string(),
});
export type GeneratorMedia = z.infer<typeof generatorMediaSchema>;

/**
 * A drafted campaign: the campaign form's fields (no dates, status or schedule: 'Use This Campaign'
 * creates a draft with the form's defaults), and how to use each file of the media area. The
 * descriptions are also what the language model is told about each field.
 */
export const campaignDraftSchema = z.object({
  name: z.string().meta({
    description: `A short, memorable campaign name (at most ${CAMPAIGN_NAME_MAX} characters)`,
  }),
  description: z
    .string()
    .meta({ description: '2-4 sentences: what the campaign is about, for whom, and its goal' }),
  campaignIntention: z.enum(CAMPAIGN_INTENTIONS),
  platforms: z
    .array(z.enum(PLATFORM_IDS))
    .meta({ description: 'The platforms to post on, only among those offered' }),
  contentSeeds: z.object({
    brandVoice: z
      .string()
      .meta({ description: "How this campaign's posts should sound, in the company's voice" }),
    keyMessages: z
      .array(z.string())
      .meta({ description: '3-6 points every post comes back to, each one sentence' }),
    contentInstructions: z.string().meta({
      description: 'Concrete guidance for the post writer: what to mention, avoid, and how often',
    }),
  }),
  mediaAssets: z
    .array(
      z.object({
        fileName: z.string(),
        type: z.enum(MEDIA_TYPES),
        usage: z.enum(MEDIA_USAGES),
        description: z.string().meta({ description: 'How the campaign uses this file' }),
        platforms: z.array(z.enum(PLATFORM_IDS)),
      }),
    )
    .meta({
      description: 'One entry per file of the media area, in its order; empty without files',
    }),
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;

/** What the AI understood, what it found on each website, what to do next, how feedback read. */
export const campaignAnalysisSchema = z.object({
  promptUnderstanding: z.string(),
  /** One entry per website, in the order given; a page that could not be read says so. */
  websiteInsights: z.array(
    z.object({
      url: z.string(),
      status: z.enum(['read', 'failed']),
      insights: z.array(z.string()),
      /** Why the page was left out, when it failed. */
      error: z.string().nullable(),
    }),
  ),
  recommendedNextSteps: z.array(z.string()),
  /** On refinements: the feedback's sentiment, 0 (negative) to 1 (positive), and its points. */
  feedbackAnalysis: z
    .object({ sentimentScore: z.number().min(0).max(1), keyPoints: z.array(z.string()) })
    .nullable(),
});
export type CampaignAnalysis = z.infer<typeof campaignAnalysisSchema>;

/** One generation or refinement: a version of a history. */
export const generationSchema = z.object({
  _id: z.string(),
  /** The history (a generation and its refinements) this version belongs to. */
  historyId: z.string(),
  companyId: z.string(),
  kind: z.enum(GENERATION_KINDS),
  /** 1 for the history's first version, then 2, 3… */
  version: z.number().int(),
  status: z.enum(GENERATION_STATUSES),
  stage: z.enum(GENERATION_STAGES),
  /** 0–100, for the progress bar. */
  progress: z.number().int(),
  /** What was asked: step one's fields (and the feedback of a refinement). */
  input: z.object({
    prompt: z.string(),
    feedback: z.string().nullable(),
    campaignIntention: z.enum(CAMPAIGN_INTENTIONS),
    websiteUrls: z.array(z.string()),
    mediaAssets: z.array(generatorMediaSchema),
  }),
  /** When it succeeded: the spec's AI result. */
  data: z.object({ campaign: campaignDraftSchema, analysis: campaignAnalysisSchema }).nullable(),
  /** When it failed: why, for 'Failed to generate campaign: {message}'. */
  error: z.string().nullable(),
  source: z.enum(DRAFT_SOURCES).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The campaign 'Use This Campaign' made of this version; null until then (or once deleted). */
  adoptedCampaignId: z.string().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

/** What GET /ai/generations/{id} answers: a campaign generation, or a post's (kind content or revision). */
export const anyGenerationSchema = z.discriminatedUnion('kind', [
  generationSchema,
  contentGenerationSchema,
]);
export type AnyGeneration = z.infer<typeof anyGenerationSchema>;

/** Step one's media area, as the generate and refine bodies carry it. */
const generatorMediaBody = () =>
  z
    .array(
      z.strictObject(
        {
          fileName: text('File name', 'File name is required', 255),
          type: z.enum(MEDIA_TYPES, { error: 'Type must be image or video' }),
          description: mediaDescription().default(''),
        },
        bodyErrors(),
      ),
      { error: 'Media assets must be a list' },
    )
    .max(AI_MEDIA_FILES_MAX, `At most ${AI_MEDIA_FILES_MAX} files`);

/** Websites to read for the campaign; empty rows are dropped. */
const websiteUrlsBody = () =>
  z
    .array(z.string({ error: 'Website must be text' }), { error: 'Website URLs must be a list' })
    .max(AI_WEBSITE_URLS_MAX, `At most ${AI_WEBSITE_URLS_MAX} websites`)
    .transform((urls) => urls.map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(website()))
    .transform((urls) => [...new Set(urls)]);

const generationInputFields = {
  prompt: requiredLongText('Description', AI_CAMPAIGN_TEXTS.descriptionRequired, AI_PROMPT_MAX),
  companyId: companyIdValue(),
  campaignIntention: campaignIntention().default(DEFAULT_CAMPAIGN_INTENTION),
  websiteUrls: websiteUrlsBody().default([]),
  mediaAssets: generatorMediaBody().default([]),
};

export const generateCampaignBody = z.strictObject(generationInputFields, bodyErrors());
export type GenerateCampaignBody = z.input<typeof generateCampaignBody>;

/**
 * The campaign being refined, as the browser holds it (bounded by the campaign form's rules).
 * Required, with the spec's words when it is missing: a refinement of an absent optional key
 * would never run (zod skips an absent optional field entirely).
 */
const previousCampaignBody = () =>
  z.strictObject(
    {
      name: campaignName(),
      description: campaignDescription().default(''),
      campaignIntention: campaignIntention().default(DEFAULT_CAMPAIGN_INTENTION),
      platforms: campaignPlatforms().default([]),
      contentSeeds: z
        .strictObject(
          {
            brandVoice: brandVoice().default(''),
            keyMessages: keyMessages().default([]),
            contentInstructions: contentInstructions().default(''),
          },
          bodyErrors(),
        )
        .default({ brandVoice: '', keyMessages: [], contentInstructions: '' }),
      mediaAssets: z
        .array(
          z.strictObject(
            {
              fileName: text('File name', 'File name is required', 255),
              type: z.enum(MEDIA_TYPES, { error: 'Type must be image or video' }),
              usage: mediaUsage().default('primary'),
              description: mediaDescription().default(''),
              platforms: mediaPlatforms().default([]),
            },
            bodyErrors(),
          ),
        )
        .max(AI_MEDIA_FILES_MAX, `At most ${AI_MEDIA_FILES_MAX} files`)
        .default([]),
    },
    {
      error: (issue: { code: string; input?: unknown; keys?: string[] }) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown fields: ${issue.keys!.join(', ')}`
          : issue.input === undefined || issue.input === null
            ? AI_CAMPAIGN_TEXTS.noCampaignToRefine
            : 'The campaign to refine must be an object',
    },
  );

export const refineCampaignBody = z.strictObject(
  {
    ...generationInputFields,
    feedback: requiredLongText('Feedback', AI_CAMPAIGN_TEXTS.feedbackRequired, AI_FEEDBACK_MAX),
    previousCampaign: previousCampaignBody(),
    /** The history to add the new version to; without one the refinement starts a new history. */
    historyId: z
      .string({ error: 'History ID must be text' })
      .regex(PATH_ID_PATTERN, 'Generation not found')
      .optional(),
  },
  bodyErrors(),
);
export type RefineCampaignBody = z.input<typeof refineCampaignBody>;

const generationStartedSchema = z.object({ generationId: z.string(), historyId: z.string() });
export type GenerationStarted = z.infer<typeof generationStartedSchema>;

/** The company's newest history, its versions oldest first; none yet is `historyId: null`. */
const campaignHistorySchema = z.object({
  historyId: z.string().nullable(),
  versions: z.array(generationSchema),
});
export type CampaignHistory = z.infer<typeof campaignHistorySchema>;

const campaignSuggestionsSchema = z.object({
  /** Three to five one-sentence campaign ideas that fill step one's description. */
  suggestions: z.array(z.string()),
  source: z.enum(DRAFT_SOURCES),
});
export type CampaignSuggestions = z.infer<typeof campaignSuggestionsSchema>;

const IMAGE_DATA_URL = new RegExp(
  `^data:(${AI_MEDIA_IMAGE_TYPES.join('|').replace(/\//g, '\\/')});base64,[A-Za-z0-9+/]+={0,2}$`,
);
const IMAGE_DATA_URL_MAX = Math.ceil((AI_MEDIA_IMAGE_MAX_BYTES * 4) / 3) + 40;

/**
 * An image to describe, as a data URL (the browser scales it down first). Nothing is stored:
 * the description comes back, and the file is uploaded to the campaign once it exists.
 */
export const analyzeMediaBody = z.strictObject(
  {
    companyId: companyIdValue(),
    fileName: text('File name', 'File name is required', 255),
    image: z
      .string({ error: 'Image is required' })
      .max(IMAGE_DATA_URL_MAX, AI_MEDIA_IMAGE_TOO_LARGE)
      .regex(IMAGE_DATA_URL, 'The image must be a JPEG, PNG, GIF or WebP data URL'),
  },
  bodyErrors(),
);
export type AnalyzeMediaBody = z.input<typeof analyzeMediaBody>;

const mediaAnalysisSchema = z.object({
  analysis: z.object({
    /** What the image shows, for the generator and for people who cannot see it. */
    description: z.string(),
    suggestedUsage: z.enum(MEDIA_USAGES),
    /** Among the company's connected platforms its plan allows. */
    suggestedPlatforms: z.array(z.enum(PLATFORM_IDS)),
    width: z.number().int(),
    height: z.number().int(),
  }),
  source: z.enum(DRAFT_SOURCES),
});
export type MediaAnalysis = z.infer<typeof mediaAnalysisSchema>;

export const aiRoutes = {
  companyProfile: defineRoute({
    method: 'POST',
    path: '/ai/company-profile',
    group: 'ai',
    access: 'user',
    summary: "Draft a company's description, brand voice and colours from its website",
    body: companyProfileBody,
    response: companyProfileDraftSchema,
    errors: ['WEBSITE_INVALID', 'WEBSITE_PRIVATE', 'WEBSITE_UNREADABLE', 'DRAFT_QUOTA_REACHED'],
  }),
  generateCampaign: defineRoute({
    method: 'POST',
    path: '/ai/generate-campaign',
    group: 'ai',
    access: 'user',
    summary:
      'Start drafting a campaign for one of the caller’s companies (a new history); poll GET /ai/generations/{generationId}',
    body: generateCampaignBody,
    response: generationStartedSchema,
    successStatus: 202,
    errors: ['COMPANY_NOT_FOUND', 'SUBSCRIPTION_REQUIRED', 'AI_FAIR_USE_REACHED', 'AI_UNAVAILABLE'],
  }),
  refineCampaign: defineRoute({
    method: 'POST',
    path: '/ai/refine-campaign',
    group: 'ai',
    access: 'user',
    summary:
      'Start refining a drafted campaign with feedback (the next version of its history); poll GET /ai/generations/{generationId}',
    body: refineCampaignBody,
    response: generationStartedSchema,
    successStatus: 202,
    errors: [
      'COMPANY_NOT_FOUND',
      'GENERATION_NOT_FOUND',
      'SUBSCRIPTION_REQUIRED',
      'AI_FAIR_USE_REACHED',
      'AI_UNAVAILABLE',
    ],
  }),
  getGeneration: defineRoute({
    method: 'GET',
    path: '/ai/generations/{generationId}',
    owners: { generationId: 'generation' },
    group: 'ai',
    access: 'user',
    summary:
      'How a generation is going: a campaign (when it succeeded, its campaign and analysis in `data`) or a post (the `contentId` written)',
    response: anyGenerationSchema,
    errors: ['GENERATION_NOT_FOUND'],
  }),
  campaignHistory: defineRoute({
    method: 'GET',
    path: '/ai/companies/{companyId}/campaign-history',
    owners: { companyId: 'company' },
    group: 'ai',
    access: 'user',
    summary: "The company's newest generation history, its versions oldest first",
    response: campaignHistorySchema,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  campaignSuggestions: defineRoute({
    method: 'GET',
    path: '/ai/campaign-suggestions/{companyId}',
    owners: { companyId: 'company' },
    group: 'ai',
    access: 'user',
    summary: 'Three to five campaign ideas from the company profile and its recent campaigns',
    response: campaignSuggestionsSchema,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  analyzeMedia: defineRoute({
    method: 'POST',
    path: '/ai/analyze-media',
    group: 'ai',
    access: 'user',
    summary: 'Describe an image for the campaign generator (what it shows, how to use it)',
    body: analyzeMediaBody,
    // The data URL (at most IMAGE_DATA_URL_MAX characters) and the few other fields.
    maxBodyBytes: IMAGE_DATA_URL_MAX + 8 * 1024,
    response: mediaAnalysisSchema,
    errors: [
      'COMPANY_NOT_FOUND',
      'MEDIA_INVALID',
      'SUBSCRIPTION_REQUIRED',
      'AI_FAIR_USE_REACHED',
      'AI_UNAVAILABLE',
    ],
  }),
} as const;
