import * as z from 'zod';
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_INTENTIONS,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_STATUSES,
  CAMPAIGN_TEXTS,
  CONTENT_INSTRUCTIONS_MAX,
  DEFAULT_CAMPAIGN_INTENTION,
  DEFAULT_CAMPAIGN_LIST_LIMIT,
  DEFAULT_CAMPAIGN_STATUS,
  KEY_MESSAGE_MAX,
  MAX_CAMPAIGN_LIST_SKIP,
  MAX_KEY_MESSAGES,
  MAX_POSTING_TIMES,
  POSTING_TIME_PATTERN,
  SCHEDULE_MESSAGES,
  WEEKDAYS,
} from '../domain/campaigns';
import { INVALID_DATE_MESSAGE, campaignInstant, isCampaignDate } from '../domain/campaign-dates';
import { SCHEDULE_MODES } from '../domain/post-results';
import { PLATFORM_IDS } from '../domain/tiers';
import { brandVoice, timeZone } from './companies';
import { bodyErrors, companyIdValue, optionalText, text } from './fields';
import { mediaAssetSchema } from './media';
import { defineRoute, PATH_ID_OWNERS, PATH_ID_PATTERN } from './route';

/* ----- What the API answers ----- */

const scheduleSchema = z.object({
  /** IANA zone the days and times are in (the company's unless the owner chose another). */
  timeZone: z.string(),
  /** Posting days, in week order (`mon` … `sun`). */
  days: z.array(z.enum(WEEKDAYS)),
  /** Posting times, `HH:mm`, ascending. */
  times: z.array(z.string()),
  /**
   * `fixed`: posts take the days and times above. `bestTimes`: an approved post takes the best
   * free time window the company's results suggest (the days and times stay for Move).
   */
  mode: z.enum(SCHEDULE_MODES),
});
export type CampaignSchedule = z.infer<typeof scheduleSchema>;

/** A campaign as GET /campaigns/{id} (and every write) answers it: every field of spec 2 §3. */
export const campaignSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The company's id. */
  company: z.string(),
  /** UTC ISO; a date sent without a time is the start of that day in the schedule's zone. */
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  platforms: z.array(z.enum(PLATFORM_IDS)),
  campaignIntention: z.enum(CAMPAIGN_INTENTIONS),
  contentSeeds: z.object({
    brandVoice: z.string(),
    keyMessages: z.array(z.string()),
    contentInstructions: z.string(),
    /** The campaign's media assets, oldest first (at most 5). */
    mediaAssets: z.array(mediaAssetSchema),
  }),
  /** The campaign's generated posts (arrive with the content issue; empty until then). */
  generatedContent: z.array(z.unknown()),
  schedule: scheduleSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** A campaign as the list shows it: everything but its media and generated content. */
const campaignSummarySchema = campaignSchema
  .omit({ contentSeeds: true, generatedContent: true })
  .extend({
    contentSeeds: campaignSchema.shape.contentSeeds.omit({ mediaAssets: true }),
    /** How many media assets the campaign has. */
    mediaCount: z.number().int(),
  });
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

/* ----- Field builders: the API validates with them, the web form with the same ones ----- */

const required = (message: string, label: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? message : `${label} must be text`;

export const campaignName = () =>
  text('Campaign name', CAMPAIGN_TEXTS.nameRequired, CAMPAIGN_NAME_MAX);
export const campaignDescription = () => optionalText('Description', CAMPAIGN_DESCRIPTION_MAX);

export const campaignIntention = () =>
  z.enum(CAMPAIGN_INTENTIONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? CAMPAIGN_TEXTS.intentionRequired
        : 'Choose a campaign intention from the list',
  });

export const campaignStatus = () =>
  z.enum(CAMPAIGN_STATUSES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? CAMPAIGN_TEXTS.statusRequired
        : 'Status must be draft, active, paused or completed',
  });

/** `2026-03-01` (the start of that day in the campaign's zone) or an ISO date-time. */
export const campaignDate = (label: 'Start date' | 'End date') => {
  const requiredMessage =
    label === 'Start date' ? CAMPAIGN_TEXTS.startDateRequired : CAMPAIGN_TEXTS.endDateRequired;
  return z
    .string({ error: required(requiredMessage, label) })
    .trim()
    .min(1, requiredMessage)
    .max(40, INVALID_DATE_MESSAGE)
    .refine(isCampaignDate, INVALID_DATE_MESSAGE);
};

/** Platforms from the list, each once; the server also holds them to the company's connected ones. */
export const campaignPlatforms = () =>
  z
    .array(z.enum(PLATFORM_IDS, { error: 'Choose platforms from the list' }), {
      error: 'Platforms must be a list',
    })
    .max(PLATFORM_IDS.length, 'Choose platforms from the list')
    .transform((platforms) => [...new Set(platforms)]);

/** Key messages: empty rows are dropped (the form submits them), each at most 500 characters. */
export const keyMessages = () =>
  z
    .array(z.string({ error: 'Key messages must be text' }).trim(), {
      error: 'Key messages must be a list',
    })
    .max(MAX_KEY_MESSAGES, `At most ${MAX_KEY_MESSAGES} key messages`)
    .transform((messages) => messages.filter(Boolean))
    .pipe(z.array(optionalText('Key message', KEY_MESSAGE_MAX)));

export const contentInstructions = () =>
  optionalText('Content instructions', CONTENT_INSTRUCTIONS_MAX);

const contentSeedsBody = () =>
  z.strictObject(
    {
      brandVoice: brandVoice().default(''),
      keyMessages: keyMessages().default([]),
      contentInstructions: contentInstructions().default(''),
    },
    bodyErrors(),
  );

export const postingDays = () =>
  z
    .array(z.enum(WEEKDAYS, { error: SCHEDULE_MESSAGES.dayUnknown }), {
      error: SCHEDULE_MESSAGES.daysRequired,
    })
    .min(1, SCHEDULE_MESSAGES.daysRequired)
    .max(WEEKDAYS.length * 2, SCHEDULE_MESSAGES.dayUnknown)
    .transform((days) => WEEKDAYS.filter((day) => days.includes(day)));

export const postingTimes = () =>
  z
    .array(
      z
        .string({ error: SCHEDULE_MESSAGES.timeInvalid })
        .trim()
        .regex(POSTING_TIME_PATTERN, SCHEDULE_MESSAGES.timeInvalid),
      { error: SCHEDULE_MESSAGES.timesRequired },
    )
    .min(1, SCHEDULE_MESSAGES.timesRequired)
    .transform((times) => [...new Set(times)].sort())
    .refine((times) => times.length <= MAX_POSTING_TIMES, SCHEDULE_MESSAGES.tooManyTimes);

/** Fixed days and times, or the best times the company's results suggest. */
export const scheduleMode = () =>
  z.enum(SCHEDULE_MODES, { error: 'Schedule mode is fixed or bestTimes' });

/**
 * The schedule: the zone defaults to the company's (the server fills it in); the mode to `fixed`
 * for a new campaign, and to the campaign's own when a schedule without one is sent.
 */
export const scheduleBody = () =>
  z.strictObject(
    {
      timeZone: timeZone().optional(),
      days: postingDays(),
      times: postingTimes(),
      mode: scheduleMode().optional(),
    },
    bodyErrors(),
  );
export type ScheduleBody = z.input<ReturnType<typeof scheduleBody>>;

/**
 * End not before start, when both are in the body. Dates without a zone are compared in the
 * schedule's zone (UTC when none is sent: two dates compare alike in any zone); the server checks
 * again in the campaign's real zone, and against the stored date when only one is sent.
 */
const endNotBeforeStart = (
  value: {
    startDate?: string | undefined;
    endDate?: string | undefined;
    schedule?: { timeZone?: string | undefined } | undefined;
  },
  ctx: z.core.$RefinementCtx,
) => {
  if (value.startDate === undefined || value.endDate === undefined) return;
  const zone = value.schedule?.timeZone ?? 'UTC';
  const start = campaignInstant(value.startDate, zone);
  const end = campaignInstant(value.endDate, zone);
  if (start && end && end < start) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_TEXTS.endBeforeStart });
  }
};

const campaignFields = {
  name: campaignName(),
  description: campaignDescription().default(''),
  campaignIntention: campaignIntention().default(DEFAULT_CAMPAIGN_INTENTION),
  startDate: campaignDate('Start date'),
  endDate: campaignDate('End date'),
  status: campaignStatus().default(DEFAULT_CAMPAIGN_STATUS),
  platforms: campaignPlatforms().default([]),
  contentSeeds: contentSeedsBody().default({
    brandVoice: '',
    keyMessages: [],
    contentInstructions: '',
  }),
  /** Defaults to weekdays at 9:00 in the company's zone. */
  schedule: scheduleBody().optional(),
};

export const createCampaignBody = z
  .strictObject(
    {
      company: companyIdValue(),
      ...campaignFields,
      /**
       * The AI generator's version this campaign is made from ('Use This Campaign'): one of the
       * company's finished versions, made into one campaign only (a second answers 409).
       */
      fromGeneration: z
        .string({ error: 'fromGeneration must be text' })
        .regex(PATH_ID_PATTERN, PATH_ID_OWNERS.generation.message)
        .optional(),
    },
    bodyErrors('These fields cannot be set'),
  )
  .superRefine(endNotBeforeStart);
export type CreateCampaignBody = z.input<typeof createCampaignBody>;

/** Any of the fields, without `company` (a campaign stays in its company). */
export const updateCampaignBody = z
  .strictObject(
    {
      name: campaignName().optional(),
      description: campaignDescription().optional(),
      campaignIntention: campaignIntention().optional(),
      startDate: campaignDate('Start date').optional(),
      endDate: campaignDate('End date').optional(),
      status: campaignStatus().optional(),
      platforms: campaignPlatforms().optional(),
      contentSeeds: contentSeedsBody().optional(),
      schedule: scheduleBody().optional(),
    },
    bodyErrors('These fields cannot be changed'),
  )
  .superRefine(endNotBeforeStart);
export type UpdateCampaignBody = z.input<typeof updateCampaignBody>;

export const campaignStatusBody = z.strictObject({ status: campaignStatus() }, bodyErrors());
export type CampaignStatusBody = z.input<typeof campaignStatusBody>;

/**
 * The list: newest first. `skip`/`limit` as the spec has them (a page reads at most skip + limit
 * items, so skip is bounded); `cursor` (the `nextCursor` of the page before) reads the next page
 * directly and takes precedence over `skip`. `status` narrows the list (and `total`) to one status.
 */
export const campaignListQuery = z.object({
  skip: z.coerce
    .number({ error: 'skip must be a number' })
    .int('skip must be a whole number')
    .min(0, 'skip must be 0 or more')
    .max(MAX_CAMPAIGN_LIST_SKIP, `skip must be at most ${MAX_CAMPAIGN_LIST_SKIP}; use cursor`)
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be between 1 and 100')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(DEFAULT_CAMPAIGN_LIST_LIMIT),
  cursor: z
    .string({ error: 'cursor must be text' })
    .min(1, 'cursor must not be empty')
    .max(4096, 'cursor is too long')
    .optional(),
  status: z.enum(CAMPAIGN_STATUSES, { error: 'Unknown campaign status' }).optional(),
});

const campaignListResponse = z.object({
  data: z.array(campaignSummarySchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
  /** The next page's cursor, null after the last page. */
  nextCursor: z.string().nullable(),
});
export type CampaignList = z.infer<typeof campaignListResponse>;

export const campaignsRoutes = {
  listForCompany: defineRoute({
    method: 'GET',
    path: '/campaigns/company/{companyId}',
    owners: { companyId: 'company' },
    group: 'campaigns',
    access: 'user',
    summary: "A company's campaigns, newest first, one page (data, total, skip, limit, nextCursor)",
    query: campaignListQuery,
    response: campaignListResponse,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/campaigns/{id}',
    owners: { id: 'campaign' },
    group: 'campaigns',
    access: 'user',
    summary: 'One campaign, with its media assets (presigned, short-lived URLs)',
    response: campaignSchema,
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/campaigns',
    group: 'campaigns',
    access: 'user',
    summary:
      'Create a campaign for one of the caller’s companies; with `fromGeneration`, from an AI generator version not yet made into a campaign',
    body: createCampaignBody,
    response: campaignSchema,
    successStatus: 201,
    errors: [
      'COMPANY_NOT_FOUND',
      'PLATFORM_NOT_CONNECTED',
      'GENERATION_NOT_FOUND',
      'GENERATION_ALREADY_USED',
    ],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/campaigns/{id}',
    owners: { id: 'campaign' },
    group: 'campaigns',
    access: 'user',
    summary: 'Change a campaign (any of its fields but the company)',
    body: updateCampaignBody,
    response: campaignSchema,
    errors: ['CAMPAIGN_NOT_FOUND', 'PLATFORM_NOT_CONNECTED'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/campaigns/{id}',
    owners: { id: 'campaign' },
    group: 'campaigns',
    access: 'user',
    summary: 'Delete a campaign; its media (and later its content and schedules) go with it',
    response: z.object({ message: z.string() }),
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
  setStatus: defineRoute({
    method: 'PATCH',
    path: '/campaigns/{id}/status',
    owners: { id: 'campaign' },
    group: 'campaigns',
    access: 'user',
    summary: 'Change only the status of a campaign',
    body: campaignStatusBody,
    response: campaignSchema,
    errors: ['CAMPAIGN_NOT_FOUND'],
  }),
} as const;
