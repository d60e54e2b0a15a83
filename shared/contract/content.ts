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
  TIMED_CONTENT_STATUSES,
  VISIBLE_CONTENT_STATUSES,
} from '../domain/content';
import { BULK_APPROVE_MAX, COMPANY_POSTS_WINDOW_MAX_DAYS } from '../domain/limits';
import { PLATFORM_IDS } from '../domain/tiers';
import type { ErrorCode } from './errors';
import { bodyErrors, optionalText } from './fields';
import { pageOf, pageQuery } from './paging';
import { postResultsSchema } from './performance';
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
  /** Published: its latest results (impressions, engagements, rate, when read); null until read. */
  results: postResultsSchema.nullable(),
  /**
   * Scheduled in Best times mode: why this slot ("Tuesday morning: your best window on X so far",
   * "trying Saturday evening"); null for a fixed schedule's slot or a moved post.
   */
  slotReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GeneratedContent = z.infer<typeof generatedContentSchema>;

/** A new post the AI is writing for the campaign right now (its generation, while it runs). */
const generatingPostSchema = z.object({
  /** The generation's id (GET /ai/generations/{id}); the post it writes will have the same. */
  _id: z.string(),
  platform: z.enum(PLATFORM_IDS),
  stage: z.enum(CONTENT_GENERATION_STAGES),
  /** 0–100, for the progress bar. */
  progress: z.number().int(),
  createdAt: z.string(),
});
export type GeneratingPost = z.infer<typeof generatingPostSchema>;

/** A page of posts (the company's timeline and its drafts). */
const postPageResponse = pageOf(generatedContentSchema).extend({ limit: z.number().int() });
export type PostPage = z.infer<typeof postPageResponse>;

const contentListResponse = postPageResponse.extend({
  /**
   * The campaign's new posts being written now, newest first, whatever the filters and page: a
   * screen opened (or reloaded) during a generation shows it as under way.
   */
  generating: z.array(generatingPostSchema),
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

/* ----- The company's posts across its campaigns (the calendar) ----- */

const DAY_MS = 24 * 60 * 60 * 1000;

const instant = (name: string) =>
  z.iso.datetime({
    offset: true,
    error: `${name} must be a date and time with its offset (ISO 8601, e.g. 2026-11-23T00:00:00Z)`,
  });

/**
 * A window of time (`from` included, `to` not) of at most COMPANY_POSTS_WINDOW_MAX_DAYS, and
 * optionally one status of the posts that stand at a time.
 */
export const companyPostsQuery = pageQuery
  .extend({
    from: instant('from'),
    to: instant('to'),
    status: z
      .enum(TIMED_CONTENT_STATUSES, {
        error: 'Status must be scheduled, publishing, published or failed',
      })
      .optional(),
  })
  .superRefine(({ from, to }, ctx) => {
    const span = Date.parse(to) - Date.parse(from);
    if (span <= 0) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be after from' });
    } else if (span > COMPANY_POSTS_WINDOW_MAX_DAYS * DAY_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A window is at most ${COMPANY_POSTS_WINDOW_MAX_DAYS} days long`,
      });
    }
  });
export type CompanyPostsQuery = z.input<typeof companyPostsQuery>;

export const approvePostsBody = z.strictObject(
  {
    contentIds: z
      .array(z.string().regex(PATH_ID_PATTERN, 'Not a post id'), {
        error: 'contentIds must be a list of post ids',
      })
      .min(1, 'Choose at least one post')
      .max(BULK_APPROVE_MAX, `At most ${BULK_APPROVE_MAX} posts at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'A post is chosen twice'),
  },
  bodyErrors(),
);
export type ApprovePostsBody = z.input<typeof approvePostsBody>;

/** Why an approved post took no slot, and why a post was not approved: stable error codes. */
const NOT_SLOTTED = ['CAMPAIGN_NOT_ACTIVE', 'NO_FREE_SLOT'] as const satisfies ErrorCode[];
const NOT_APPROVED = [
  'CONTENT_NOT_FOUND',
  'CONTENT_NOT_REVIEWABLE',
  'CONTENT_MEDIA_UNSUITABLE',
] as const satisfies ErrorCode[];

/**
 * What became of one post of a bulk approval: approved and scheduled (`scheduledFor`, UTC ISO);
 * approved but without a slot for now (why, in `code` and `message`); or not approved at all.
 */
export const postApprovalSchema = z.discriminatedUnion('outcome', [
  z.object({
    contentId: z.string(),
    outcome: z.literal('scheduled'),
    campaignId: z.string(),
    scheduledFor: z.string(),
  }),
  z.object({
    contentId: z.string(),
    outcome: z.literal('approved'),
    campaignId: z.string(),
    code: z.enum(NOT_SLOTTED),
    message: z.string(),
  }),
  z.object({
    contentId: z.string(),
    outcome: z.literal('refused'),
    code: z.enum(NOT_APPROVED),
    message: z.string(),
  }),
]);
export type PostApproval = z.infer<typeof postApprovalSchema>;

const postApprovalsSchema = z.object({
  /** One per post asked for, in the order asked. */
  results: z.array(postApprovalSchema),
});
export type PostApprovals = z.infer<typeof postApprovalsSchema>;
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
  read: defineRoute({
    method: 'GET',
    path: '/campaigns/{campaignId}/content/{contentId}',
    owners: { campaignId: 'campaign', contentId: 'content' },
    group: 'content',
    access: 'user',
    summary:
      'One post of the campaign as it is now, whatever its status (a screen follows a post that left its filter)',
    response: generatedContentSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'CONTENT_NOT_FOUND'],
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
  undo: defineRoute({
    method: 'POST',
    path: '/campaigns/{campaignId}/content/{contentId}/undo',
    owners: { campaignId: 'campaign', contentId: 'content' },
    group: 'content',
    access: 'user',
    summary:
      'Undo the owner’s approval or rejection: the post is a draft again (an approved post leaves its slot, its publishing stops); a draft is answered as it is. Refused once the publisher has the post, or after an AI revision started',
    response: generatedContentSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'CONTENT_NOT_FOUND', 'CONTENT_NOT_UNDOABLE'],
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
      'CONTENT_MEDIA_UNSUITABLE',
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
  companyPosts: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/posts',
    owners: { companyId: 'company' },
    group: 'content',
    access: 'user',
    summary: `A company's scheduled, published and failed posts of every campaign from \`from\` until \`to\` (at most ${COMPANY_POSTS_WINDOW_MAX_DAYS} days), by their time (scheduled for, published at, or due when they failed), one page; optionally of one status`,
    query: companyPostsQuery,
    response: postPageResponse,
    errors: [],
  }),
  companyDrafts: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/posts/drafts',
    owners: { companyId: 'company' },
    group: 'content',
    access: 'user',
    summary:
      "A company's posts waiting for review (drafts, and posts with the AI for changes) of every campaign, oldest first, one page",
    query: pageQuery,
    response: postPageResponse,
    errors: [],
  }),
  approvePosts: defineRoute({
    method: 'POST',
    path: '/companies/{companyId}/posts/approve',
    owners: { companyId: 'company' },
    group: 'content',
    access: 'user',
    summary: `Approve up to ${BULK_APPROVE_MAX} of a company's posts, each on its own and in the order given, each taking its campaign's next free slot; answers what became of each`,
    body: approvePostsBody,
    response: postApprovalsSchema,
    errors: [],
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
