import * as z from 'zod';
import { DEFAULT_BRAND_COLOR, DEFAULT_MORNING_HOUR, TRIAL_DAYS } from '../domain/limits';
import { MORNING_SKIPS } from '../domain/content';
import { SUBSCRIPTION_STATUSES } from '../domain/subscription';
import { PLATFORM_IDS, TIER_IDS } from '../domain/tiers';
import { optionalText, text } from './fields';
import { pageOf, pageQuery } from './paging';
import { defineRoute } from './route';

export const companySchema = z.object({
  _id: z.string(),
  /** The owner's user id. */
  user: z.string(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  brandColors: z.array(z.string()),
  brandVoice: z.string(),
  subscriptionTier: z.enum(TIER_IDS),
  trialEndDate: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  pendingDowngrade: z.boolean(),
  subscriptionCurrentPeriodEnd: z.string().nullable(),
  subscription: z.object({ status: z.enum(SUBSCRIPTION_STATUSES).nullable() }),
  /** A founder's company: intro for life, no trial (it may still buy a paid tier). */
  founder: z.boolean(),
  /** The IANA zone "today" is counted in: daily limits, the morning text, posting times. */
  timeZone: z.string(),
  /**
   * False while the zone is the default because no browser has given one yet: the app then sets
   * the owner's browser zone on their next visit.
   */
  timeZoneChosen: z.boolean(),
  /** The local hour (0–23, in `timeZone`) the day's drafts are made and the owner is texted. */
  morningHour: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/*
 * The company field rules, once: the API validates with them, the web form validates with the same
 * builders (same messages), and the AI drafter keeps its drafts inside the same limits.
 */

export const COMPANY_NAME_MAX = 100;
export const COMPANY_DESCRIPTION_MAX = 2000;
export const BRAND_VOICE_MAX = 2000;
export const WEBSITE_MAX = 2048;
export const MAX_BRAND_COLORS = 10;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const HEX_COLOR_MESSAGE = 'Brand colours must be hex colours like #007BFF';
export const INVALID_WEBSITE_MESSAGE =
  'Please enter a valid website address, like https://example.com';

/** The website reader's refusal of a private or local address (code WEBSITE_PRIVATE). */
export const PRIVATE_WEBSITE_MESSAGE = "This address can't be read from here";

/** "#007bff", "007BFF" and "#08f" all become "#007BFF"; anything else is not a colour (null). */
export const normaliseHexColor = (value: string): string | null => {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return `#${full.toUpperCase()}`;
};

/** Adds https:// when the owner typed a bare domain; '' stays '' (the website is optional). */
export const normaliseWebsite = (value: string): string => {
  const trimmed = value.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

export const isValidWebsite = (value: string): boolean => {
  if (!value) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

export const companyName = () => text('Company name', 'Company name is required', COMPANY_NAME_MAX);
export const companyDescription = () => optionalText('Description', COMPANY_DESCRIPTION_MAX);
export const brandVoice = () => optionalText('Brand voice', BRAND_VOICE_MAX);

export const website = () =>
  optionalText('Website', WEBSITE_MAX)
    .transform(normaliseWebsite)
    .refine(isValidWebsite, INVALID_WEBSITE_MESSAGE);

/** One colour as stored: `#RRGGBB`, upper case. */
export const brandColor = () =>
  z
    .string()
    .regex(HEX_COLOR, HEX_COLOR_MESSAGE)
    .transform((color) => color.toUpperCase());

/**
 * Empty colour rows are dropped (the form submits its empty rows); a company always keeps at least
 * one colour, the default one when none is left.
 */
export const brandColors = () =>
  z
    .array(z.string({ error: 'Brand colours must be text' }).trim(), {
      error: 'Brand colours must be a list',
    })
    .max(MAX_BRAND_COLORS, `At most ${MAX_BRAND_COLORS} brand colours`)
    .transform((colors) => colors.filter(Boolean))
    .pipe(z.array(brandColor()))
    .transform((colors) => (colors.length ? [...new Set(colors)] : [DEFAULT_BRAND_COLOR]));

export const INVALID_TIME_ZONE_MESSAGE = 'Choose a time zone from the list';

/** An IANA zone the platform's Intl knows ("America/Chicago"); stored as Intl names it. */
export const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
};

export const timeZone = () =>
  z
    .string({ error: 'Time zone must be text' })
    .trim()
    .refine(isTimeZone, INVALID_TIME_ZONE_MESSAGE)
    .transform(
      (value) => new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone,
    );

export const MORNING_HOUR_MESSAGE = 'Morning hour must be a whole hour from 0 to 23';

/** The local hour of the morning drafts and text: a whole hour, 0 (midnight) to 23. */
export const morningHour = () =>
  z
    .number({ error: MORNING_HOUR_MESSAGE })
    .int(MORNING_HOUR_MESSAGE)
    .min(0, MORNING_HOUR_MESSAGE)
    .max(23, MORNING_HOUR_MESSAGE);

const unknownFields = (verb: string) => (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `These fields cannot be ${verb}: ${issue.keys!.join(', ')}`
    : 'Body must be a JSON object';

export const createCompanyBody = z.strictObject(
  {
    name: companyName(),
    description: companyDescription().default(''),
    website: website().default(''),
    brandColors: brandColors().default([DEFAULT_BRAND_COLOR]),
    brandVoice: brandVoice().default(''),
    /** The browser's zone; without one the company runs on UTC until the owner's next visit. */
    timeZone: timeZone().optional(),
    morningHour: morningHour().default(DEFAULT_MORNING_HOUR),
  },
  { error: unknownFields('set') },
);
export type CreateCompanyBody = z.input<typeof createCompanyBody>;

const updateCompanyBody = z.strictObject(
  {
    name: companyName().optional(),
    description: companyDescription().optional(),
    website: website().optional(),
    brandColors: brandColors().optional(),
    brandVoice: brandVoice().optional(),
    timeZone: timeZone().optional(),
    morningHour: morningHour().optional(),
  },
  { error: unknownFields('changed') },
);
export type UpdateCompanyBody = z.input<typeof updateCompanyBody>;

/**
 * A company as the lists show it (the companies and dashboard cards, the sidebar's picker, the
 * platforms index, Add Company's intro-tier check): its name, website, colours, the first words of
 * its description, and the plan facts the tier and Founder badges are worked out from (the same
 * rules as the server's, `effectiveTierOf`). Never the brand voice, the full description, Stripe's
 * customer or the billing period: a screen that needs the whole company reads
 * `GET /companies/{id}` or the overview.
 */
/** A post going out, as a card names it: its platform, its time (UTC ISO), its first words. */
export const upcomingPostSchema = z.object({
  contentId: z.string(),
  campaignId: z.string(),
  platform: z.enum(PLATFORM_IDS),
  scheduledFor: z.string(),
  preview: z.string(),
});
export type UpcomingPost = z.infer<typeof upcomingPostSchema>;

/** What needs doing in a company: the posts waiting for review, and the next one going out. */
export const companyAgendaSchema = z.object({
  draftsWaiting: z.number().int(),
  nextPost: upcomingPostSchema.nullable(),
});
export type CompanyAgenda = z.infer<typeof companyAgendaSchema>;

/** The agenda of a company that has no posts yet (one just created). */
export const EMPTY_AGENDA: CompanyAgenda = { draftsWaiting: 0, nextPost: null };

export const companySummarySchema = companySchema
  .pick({
    _id: true,
    name: true,
    website: true,
    brandColors: true,
    subscriptionTier: true,
    trialEndDate: true,
    stripeSubscriptionId: true,
    subscription: true,
    founder: true,
    timeZone: true,
  })
  .extend({
    /** The description's first words (what a card's two lines show), '' without one. */
    descriptionPreview: z.string(),
    agenda: companyAgendaSchema,
  });
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** A card's two lines of description hold about this many characters at their widest. */
export const DESCRIPTION_PREVIEW_MAX = 200;

/** The description cut at a word before `DESCRIPTION_PREVIEW_MAX` characters, with an ellipsis. */
export const descriptionPreview = (description: string): string => {
  const text = description.trim().replace(/\s+/g, ' ');
  if (text.length <= DESCRIPTION_PREVIEW_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_PREVIEW_MAX);
  // At the last space, unless that would lose more than half (one very long word).
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_PREVIEW_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

/** The list's view of a company: the server answers it, the web puts a saved company in its list. */
export const companySummaryOf = (
  company: Company,
  agenda: CompanyAgenda = EMPTY_AGENDA,
): CompanySummary => ({
  _id: company._id,
  name: company.name,
  website: company.website,
  brandColors: company.brandColors,
  descriptionPreview: descriptionPreview(company.description),
  subscriptionTier: company.subscriptionTier,
  trialEndDate: company.trialEndDate,
  stripeSubscriptionId: company.stripeSubscriptionId,
  subscription: company.subscription,
  founder: company.founder,
  timeZone: company.timeZone,
  agenda,
});

/**
 * One page of the caller's companies, oldest first; `total` is how many they have (the owner's
 * company counter, not a count of rows).
 */
const companyListResponse = pageOf(companySummarySchema).extend({ total: z.number().int() });
export type CompanyPage = z.infer<typeof companyListResponse>;

/**
 * What the company's plan allows today: the tier whose limits apply, why (subscribed, founder,
 * trial, lapsed), and today's AI generations in the company's time zone.
 */
const planUsageSchema = z.object({
  effectiveTier: z.enum(TIER_IDS),
  entitlement: z.enum(['subscribed', 'founder', 'trial', 'lapsed']),
  generations: z.object({
    used: z.number().int(),
    limit: z.number().int(),
    /** The next midnight in the company's time zone (ISO, UTC). */
    resetsAt: z.string(),
  }),
  timeZone: z.string(),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

/**
 * The company overview in one answer: the company, its campaign counts (from counters on the
 * company), Recent Activity (up to 3 newest active campaigns; else drafts; else connected
 * accounts) and its connected platforms. At most two DynamoDB reads.
 */
const activityItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['campaign-active', 'campaign-draft', 'platform']),
  /** `Campaign "Spring menu" is active`, `Campaign "…" is in draft`, `Connected LinkedIn account`. */
  text: z.string(),
  /** A connection's created date (ISO); campaigns have none. */
  date: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/**
 * The company's last morning (the daily drafts and their text), until the next morning: how many
 * drafts were written, what was skipped and why (null when nothing was), and when the next
 * morning comes (UTC ISO) — when skipped drafts resume.
 */
const lastMorningSchema = z.object({
  /** The company's local day of that morning (`yyyy-MM-dd`). */
  day: z.string(),
  drafts: z.number().int(),
  skipped: z.enum(MORNING_SKIPS).nullable(),
  nextMorningAt: z.string(),
});
export type LastMorning = z.infer<typeof lastMorningSchema>;

const companyOverviewSchema = z.object({
  company: companySchema,
  campaigns: z.object({
    total: z.number().int(),
    active: z.number().int(),
    draft: z.number().int(),
    paused: z.number().int(),
    completed: z.number().int(),
  }),
  recentActivity: z.array(activityItemSchema),
  /** The next posts going out, soonest first (at most UP_NEXT_POSTS). */
  upNext: z.array(upcomingPostSchema),
  /** Connected platforms, in the app's platform order, with whether one needs reconnecting. */
  connectedPlatforms: z.array(
    z.object({ platform: z.enum(PLATFORM_IDS), needsReconnection: z.boolean() }),
  ),
  /** The last morning's drafts, while it is the last; null before the first (or once stale). */
  lastMorning: lastMorningSchema.nullable(),
});
export type CompanyOverview = z.infer<typeof companyOverviewSchema>;

export const INTRO_TIER_LIMIT_MESSAGE =
  'You can only have one company in the intro tier. Please upgrade to create additional companies.';

export const companiesRoutes = {
  listForUser: defineRoute({
    method: 'GET',
    path: '/companies/user/{userId}',
    owners: { userId: 'caller' },
    group: 'companies',
    access: 'user',
    summary:
      "One page of the caller's companies, oldest first, as the lists show them (`data`, `nextCursor`, `total`), each with its posts waiting for review and its next post going out",
    query: pageQuery,
    response: companyListResponse,
    errors: ['USER_NOT_FOUND'],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/companies/{id}',
    owners: { id: 'company' },
    group: 'companies',
    access: 'user',
    summary: 'One of the caller’s companies',
    response: companySchema,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/companies',
    group: 'companies',
    access: 'user',
    summary: `Create a company on the intro tier: a ${TRIAL_DAYS}-day trial, or intro for life without a trial for a founder's company; one company while none is on a paid tier`,
    body: createCompanyBody,
    response: companySchema,
    successStatus: 201,
    errors: ['COMPANY_LIMIT_REACHED'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/companies/{id}',
    owners: { id: 'company' },
    group: 'companies',
    access: 'user',
    summary: 'Update a company',
    body: updateCompanyBody,
    response: companySchema,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  overview: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/overview',
    owners: { companyId: 'company' },
    group: 'companies',
    access: 'user',
    summary:
      'The company overview: the company, campaign counts, Recent Activity and connected platforms',
    response: companyOverviewSchema,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  usage: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/usage',
    owners: { companyId: 'company' },
    group: 'companies',
    access: 'user',
    summary: "What the company's plan allows today, and how many AI generations it has used",
    response: planUsageSchema,
    errors: ['COMPANY_NOT_FOUND'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/companies/{id}',
    owners: { id: 'company' },
    group: 'companies',
    access: 'user',
    summary: 'Delete a company and everything that belongs to it',
    response: z.object({ message: z.string() }),
    errors: ['COMPANY_NOT_FOUND'],
  }),
} as const;
