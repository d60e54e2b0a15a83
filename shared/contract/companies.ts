import * as z from 'zod';
import { DEFAULT_BRAND_COLOR } from '../domain/limits';
import { TIER_IDS } from '../domain/tiers';
import { optionalText, text } from './fields';
import { defineRoute } from './route';

export const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'unpaid',
] as const;

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const MAX_BRAND_COLORS = 10;
export const INVALID_WEBSITE_MESSAGE =
  'Please enter a valid website address, like https://example.com';

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

export const website = () =>
  optionalText('Website', 2048)
    .transform(normaliseWebsite)
    .refine(isValidWebsite, INVALID_WEBSITE_MESSAGE);

/** Empty colour rows are dropped; if none is left, the default colour stays (spec 1 §5). */
export const brandColors = () =>
  z
    .array(z.string({ error: 'Brand colours must be text' }).trim(), {
      error: 'Brand colours must be a list',
    })
    .max(MAX_BRAND_COLORS, `At most ${MAX_BRAND_COLORS} brand colours`)
    .transform((colors) => colors.filter(Boolean))
    .pipe(
      z.array(
        z
          .string()
          .regex(HEX_COLOR, 'Brand colours must be hex colours like #007BFF')
          .transform((c) => c.toUpperCase()),
      ),
    )
    .transform((colors) => (colors.length ? [...new Set(colors)] : [DEFAULT_BRAND_COLOR]));

const companyFields = {
  name: text('Company name', 'Company name is required', 100),
  description: optionalText('Description', 2000).default(''),
  website: website().default(''),
  brandColors: brandColors().default([DEFAULT_BRAND_COLOR]),
  brandVoice: optionalText('Brand voice', 2000).default(''),
};

export const createCompanyBody = z.strictObject(companyFields, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `These fields cannot be set: ${issue.keys.join(', ')}`
      : 'Body must be a JSON object',
});
export type CreateCompanyBody = z.input<typeof createCompanyBody>;

export const updateCompanyBody = z.strictObject(
  {
    name: companyFields.name.optional(),
    description: optionalText('Description', 2000).optional(),
    website: website().optional(),
    brandColors: brandColors().optional(),
    brandVoice: optionalText('Brand voice', 2000).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `These fields cannot be changed: ${issue.keys.join(', ')}`
        : 'Body must be a JSON object',
  },
);
export type UpdateCompanyBody = z.input<typeof updateCompanyBody>;

export const companyListResponse = z.object({
  data: z.array(companySchema),
  total: z.number().int(),
});

export const INTRO_TIER_LIMIT_MESSAGE =
  'You can only have one company in the intro tier. Please upgrade to create additional companies.';

export const companiesRoutes = {
  listForUser: defineRoute({
    method: 'GET',
    path: '/companies/user/{userId}',
    group: 'companies',
    access: 'user',
    summary: "The caller's companies (the list is in `data`)",
    response: companyListResponse,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/companies/{id}',
    group: 'companies',
    access: 'user',
    summary: 'One of the caller’s companies',
    response: companySchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/companies',
    group: 'companies',
    access: 'user',
    summary: 'Create a company (14-day trial on the intro tier; one company on the intro tier)',
    body: createCompanyBody,
    response: companySchema,
    successStatus: 201,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/companies/{id}',
    group: 'companies',
    access: 'user',
    summary: 'Update a company',
    body: updateCompanyBody,
    response: companySchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/companies/{id}',
    group: 'companies',
    access: 'user',
    summary: 'Delete a company and everything that belongs to it',
    response: z.object({ message: z.string() }),
  }),
} as const;
