import * as z from 'zod';
import { DRAFT_SOURCES, GENERATION_STATUSES } from '../domain/ai-campaigns';
import {
  ACTED_VIA,
  CONTENT_FEEDBACK_MAX,
  CONTENT_GENERATION_STAGES,
  CONTENT_IMAGES_MAX,
  CONTENT_MESSAGES,
  CONTENT_PAGE_SIZE,
  CONTENT_STATUSES,
  CONTENT_TEXT_MAX,
  CONTENT_TEXTS,
  DRAFT_TEXT_OUTCOMES,
  MODIFY_ASPECTS,
  REVIEW_DECISIONS,
  VISIBLE_CONTENT_STATUSES,
} from '../domain/content';
import { PLATFORM_IDS } from '../domain/tiers';
import { bodyErrors, optionalText } from './fields';
import { pageQuery } from './paging';
import { defineRoute, PATH_ID_PATTERN } from './route';

/* ----- What the API answers ----- */

const modificationSchema = z.object({
  /** UTC ISO. */
  date: z.string(),
  /** The status the review set (`modify`, `approved`, `rejected`), or `draft` for a new version. */
  status: z.enum(CONTENT_STATUSES),
  /** The owner's feedback, or what happened ("Edited directly", "Revised by the AI"). */
  comment: z.string().nullable(),
  modifyAspects: z.array(z.enum(MODIFY_ASPECTS)),
  /** Where the owner acted: in the app, or by replying to a text. */
  via: z.enum(ACTED_VIA),
});
export type ContentModification = z.infer<typeof modificationSchema>;

/** One generated post, as spec 2 §3 has it (`metadata.params.platform`). */
export const generatedContentSchema = z.object({
  _id: z.string(),
  campaignId: z.string(),
  content: z.string(),
  status: z.enum(CONTENT_STATUSES),
  /** Media asset ids of the campaign, in the order they are shown. */
  imageIds: z.array(z.string()),
  /** Why publishing failed, when it did. */
  publishError: z.string().nullable(),
  metadata: z.object({
    params: z.object({ platform: z.enum(PLATFORM_IDS) }),
    source: z.enum(DRAFT_SOURCES),
  }),
  modificationHistory: z.array(modificationSchema),
  /** 1 for the first draft; each revision or direct edit adds one. */
  version: z.number().int(),
  /**
   * The newest AI revision asked for (poll GET /ai/generations/{id} while the post is in
   * `modify`), however it was asked for: in this tab, another, or by a text.
   */
  revisionId: z.string().nullable(),
  /** Scheduled: the slot it goes out at (UTC ISO; shown in the campaign's zone). */
  scheduledFor: z.string().nullable(),
  /** Published: when, and the post on the platform. */
  publishedAt: z.string().nullable(),
  postUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GeneratedContent = z.infer<typeof generatedContentSchema>;

const contentListResponse = z.object({
  data: z.array(generatedContentSchema),
  limit: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ContentList = z.infer<typeof contentListResponse>;

/**
 * A content generation (a new post, or a revision of one) as GET /ai/generations/{id} answers it:
 * `contentId` names the post written (a revision: the post revised) once it has succeeded.
 */
export const contentGenerationSchema = z.object({
  _id: z.string(),
  kind: z.enum(['content', 'revision']),
  companyId: z.string(),
  campaignId: z.string(),
  platform: z.enum(PLATFORM_IDS),
  status: z.enum(GENERATION_STATUSES),
  stage: z.enum(CONTENT_GENERATION_STAGES),
  /** 0–100, for the progress bar. */
  progress: z.number().int(),
  contentId: z.string().nullable(),
  /** When it failed: why, for the toast. */
  error: z.string().nullable(),
  source: z.enum(DRAFT_SOURCES).nullable(),
  /** The text announcing the draft: sent, not asked for, or why not. Null until it is decided. */
  notification: z.enum(DRAFT_TEXT_OUTCOMES).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ContentGeneration = z.infer<typeof contentGenerationSchema>;

/* ----- What the API takes ----- */

export const contentListQuery = pageQuery.extend({
  limit: pageQuery.shape.limit.unwrap().default(CONTENT_PAGE_SIZE),
  platform: z.enum(PLATFORM_IDS, { error: 'Unknown platform' }).optional(),
  status: z.enum(VISIBLE_CONTENT_STATUSES, { error: 'Unknown content status' }).optional(),
});
export type ContentListQuery = z.input<typeof contentListQuery>;

export const generateContentBody = z.strictObject(
  {
    platform: z.enum(PLATFORM_IDS, { error: CONTENT_TEXTS.platformRequired }),
    sendNotification: z.boolean({ error: 'sendNotification must be true or false' }).default(true),
  },
  bodyErrors(),
);
export type GenerateContentBody = z.input<typeof generateContentBody>;

export const reviewContentBody = z
  .strictObject(
    {
      status: z.enum(REVIEW_DECISIONS, { error: 'Status must be approved, rejected or modify' }),
      // Empty reads as absent (a modify then needs the other).
      feedback: optionalText('Feedback', CONTENT_FEEDBACK_MAX).optional(),
      modifyAspects: z
        .array(z.enum(MODIFY_ASPECTS, { error: 'Aspects are tone, length, messaging or style' }), {
          error: 'Aspects must be a list',
        })
        .max(MODIFY_ASPECTS.length)
        .transform((aspects) => [...new Set(aspects)])
        .optional(),
      directEdit: optionalText('Post text', CONTENT_TEXT_MAX).optional(),
      imageIds: z
        .array(z.string().regex(PATH_ID_PATTERN, CONTENT_MESSAGES.imageNotAllowed), {
          error: 'Images must be a list',
        })
        // The largest platform limit; each platform's own is checked against the post.
        .max(CONTENT_IMAGES_MAX, `At most ${CONTENT_IMAGES_MAX} images`)
        .refine((ids) => new Set(ids).size === ids.length, 'An image is chosen twice')
        .optional(),
    },
    bodyErrors(),
  )
  .superRefine((body, ctx) => {
    const feedback = Boolean(body.feedback);
    const edit = Boolean(body.directEdit);
    if (body.status !== 'modify') {
      if (edit) {
        ctx.addIssue({
          code: 'custom',
          path: ['directEdit'],
          message: 'A direct edit is sent with status modify',
        });
      }
      return;
    }
    if (feedback && edit) {
      ctx.addIssue({
        code: 'custom',
        path: ['directEdit'],
        message: CONTENT_MESSAGES.feedbackOrEdit,
      });
    } else if (!feedback && !edit) {
      ctx.addIssue({
        code: 'custom',
        path: ['feedback'],
        message: CONTENT_MESSAGES.modifyNeedsChange,
      });
    }
  });
export type ReviewContentBody = z.input<typeof reviewContentBody>;

const reviewedSchema = z.object({
  content: generatedContentSchema,
  /** Set when the review started an AI revision: poll GET /ai/generations/{generationId}. */
  generationId: z.string().nullable(),
});
export type ReviewedContent = z.infer<typeof reviewedSchema>;

/** One of: a free slot of the campaign (`scheduledFor`), or `now: true` to publish at once. */
export const moveContentBody = z
  .strictObject(
    {
      scheduledFor: z.iso.datetime({ error: 'Choose a time from the list' }).optional(),
      now: z.boolean({ error: 'now must be true or false' }).optional(),
    },
    bodyErrors(),
  )
  .superRefine((body, ctx) => {
    if ((body.scheduledFor === undefined) === (body.now !== true)) {
      ctx.addIssue({
        code: 'custom',
        path: ['scheduledFor'],
        message: 'Send scheduledFor (one of the free slots) or now: true',
      });
    }
  });
export type MoveContentBody = z.input<typeof moveContentBody>;

const freeSlotsSchema = z.object({
  /** The post's next free slots (UTC ISO), soonest first; the campaign's zone to show them in. */
  slots: z.array(z.string()),
  timeZone: z.string(),
});
export type FreeSlots = z.infer<typeof freeSlotsSchema>;

/**
 * Where a text's review link leads: the company, the posts' campaign (null for a text that listed
 * posts of several) and the post (null for a text that listed several).
 */
const reviewTargetSchema = z.object({
  companyId: z.string(),
  campaignId: z.string().nullable(),
  /** The post the text was about; null for a text that listed several. */
  contentId: z.string().nullable(),
});
export type ReviewTarget = z.infer<typeof reviewTargetSchema>;

export const contentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/campaigns/{campaignId}/content',
    owners: { campaignId: 'campaign' },
    group: 'content',
    access: 'user',
    summary:
      "A campaign's generated posts, newest first, one page; filtered by platform and status (never hidden)",
    query: contentListQuery,
    response: contentListResponse,
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
  generate: defineRoute({
    method: 'POST',
    path: '/campaigns/{campaignId}/generate',
    owners: { campaignId: 'campaign' },
    group: 'content',
    access: 'user',
    summary:
      'Start the AI writing one post for a platform of an active campaign (counts against the daily limit); poll GET /ai/generations/{generationId}',
    body: generateContentBody,
    response: z.object({ generationId: z.string() }),
    successStatus: 202,
    errors: [
      'CAMPAIGN_NOT_FOUND',
      'CAMPAIGN_NOT_ACTIVE',
      'CAMPAIGN_NOT_RUNNING',
      'PLATFORM_NOT_IN_CAMPAIGN',
      'PLATFORM_NOT_CONNECTED',
      'PLATFORM_NOT_IN_TIER',
      'SUBSCRIPTION_REQUIRED',
      'GENERATION_LIMIT_REACHED',
      'AI_UNAVAILABLE',
    ],
  }),
  review: defineRoute({
    method: 'POST',
    path: '/campaigns/{campaignId}/content/{contentId}/approve',
    owners: { campaignId: 'campaign', contentId: 'content' },
    group: 'content',
    access: 'user',
    summary:
      'Review a draft: approve, reject, or ask for changes (AI feedback starts a revision to poll; a direct edit applies at once)',
    body: reviewContentBody,
    response: reviewedSchema,
    errors: [
      'CAMPAIGN_NOT_FOUND',
      'CONTENT_NOT_FOUND',
      'CONTENT_NOT_REVIEWABLE',
      'CONTENT_IMAGES_NOT_ALLOWED',
      'POST_TOO_LONG',
      'SUBSCRIPTION_REQUIRED',
      'AI_FAIR_USE_REACHED',
      'AI_UNAVAILABLE',
    ],
  }),
  freeSlots: defineRoute({
    method: 'GET',
    path: '/campaigns/{campaignId}/content/{contentId}/slots',
    owners: { campaignId: 'campaign', contentId: 'content' },
    group: 'content',
    access: 'user',
    summary: "A scheduled post's next free slots of its campaign (for its platform), soonest first",
    response: freeSlotsSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'CONTENT_NOT_FOUND'],
  }),
  move: defineRoute({
    method: 'POST',
    path: '/campaigns/{campaignId}/content/{contentId}/schedule',
    owners: { campaignId: 'campaign', contentId: 'content' },
    group: 'content',
    access: 'user',
    summary: 'Move a scheduled post to another free slot, or publish it now',
    body: moveContentBody,
    response: generatedContentSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'CONTENT_NOT_FOUND', 'CONTENT_NOT_SCHEDULED', 'SLOT_NOT_FREE'],
  }),
  resolveReviewLink: defineRoute({
    method: 'GET',
    path: '/review-links/{code}',
    owners: { code: 'reviewLink' },
    group: 'content',
    access: 'user',
    summary:
      "Where a text's short review link (/r/{code}) leads: the post's company, campaign and post. Only its owner's, while its text can be answered",
    response: reviewTargetSchema,
    errors: [],
  }),
} as const;
