import * as z from 'zod';
import { WEBSITE_MAX } from './companies';
import { bodyErrors, text } from './fields';
import { defineRoute } from './route';

const companyProfileBody = z.strictObject(
  { website: text('Website', 'Website is required', WEBSITE_MAX) },
  bodyErrors(),
);

/** Which drafter wrote a draft: a language model, or the offline drafter from the page's own words. */
const DRAFT_SOURCES = ['openai', 'offline'] as const;
export type DraftSource = (typeof DRAFT_SOURCES)[number];

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
} as const;
