import * as z from 'zod';
import { FUNNEL_STEPS, MAX_BUSINESS_RANGE_DAYS, daysBetween } from '../domain/business-numbers';
import type { PlatformId, TierId } from '../domain/tiers';
import { defineRoute } from './route';

/**
 * The business's own numbers, for the people who run Sailpost (role admin). To anyone else these
 * routes answer as a route that does not exist (404), as the forum's do for non-members. Served by
 * the users group, which holds the table.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const day = (name: string) =>
  z
    .string({ error: `${name} must be a date` })
    .regex(DAY_PATTERN, `${name} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${name} is no real date`)
    .optional();

/** A range of UTC days, both included; without one, the last 30 days. */
export const businessRangeQuery = z
  .object({ from: day('from'), to: day('to') })
  .superRefine(({ from, to }, ctx) => {
    if (!from || !to) return;
    if (to < from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    } else if (daysBetween(from, to).length > MAX_BUSINESS_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A range is at most ${MAX_BUSINESS_RANGE_DAYS} days long`,
      });
    }
  });
export type BusinessRangeQuery = z.input<typeof businessRangeQuery>;

const count = z.number().int();
// One entry per platform and per tier (the compiler names any that is missing), spelled out so
// that OpenAPI lists each property.
const perPlatform = z.object({
  twitter: count,
  linkedin: count,
  facebook: count,
  instagram: count,
} satisfies Record<PlatformId, z.ZodNumber>);
const perTier = z.object({
  intro: count,
  silver: count,
  gold: count,
  platinum: count,
} satisfies Record<TierId, z.ZodNumber>);

export const businessNumbersSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Each step: accounts that reached it within the range, and the median wait since the step before. */
  funnel: z.array(
    z.object({
      step: z.enum(FUNNEL_STEPS),
      count,
      medianWait: z
        .object({ fromSeconds: z.number(), toSeconds: z.number().nullable() })
        .nullable(),
    }),
  ),
  /** Every day of the range, oldest first. */
  days: z.array(
    z.object({
      day: z.string(),
      signUps: count,
      textsSent: count,
      published: perPlatform,
      failed: perPlatform,
    }),
  ),
  /** Now, whatever the range: companies paying per tier, and their monthly list price (USD). */
  paying: z.object({
    byTier: perTier,
    mrr: z.number(),
  }),
  /** Trials that end today or in the next six days and have not become a subscription. */
  trialsEndingThisWeek: count,
});
export type BusinessNumbers = z.infer<typeof businessNumbersSchema>;

export const adminRoutes = {
  businessNumbers: defineRoute({
    method: 'GET',
    path: '/admin/business',
    group: 'users',
    access: 'admin',
    summary:
      "The business's numbers over a range of days: the funnel, sign-ups, posts and texts per day, paying companies, MRR and trials ending this week",
    query: businessRangeQuery,
    response: businessNumbersSchema,
    errors: [],
  }),
  businessNumbersCsv: defineRoute({
    method: 'GET',
    path: '/admin/business/export',
    group: 'users',
    access: 'admin',
    summary: 'The same numbers as a CSV file (one row per day, then the funnel and the plans)',
    query: businessRangeQuery,
    response: z.object({ fileName: z.string(), csv: z.string() }),
    errors: [],
  }),
} as const;
