import * as z from 'zod';
import { text } from './fields';
import { defineRoute } from './route';

export const companyProfileBody = z.object(
  { website: text('Website', 'Website is required', 2048) },
  { error: 'Body must be a JSON object' },
);

export const companyProfileDraftSchema = z.object({
  name: z.string(),
  description: z.string(),
  brandVoice: z.string(),
  brandColors: z.array(z.string()),
  /** The address finally read (after redirects). */
  website: z.string(),
  /** Which drafter wrote it: a language model, or the offline drafter from the page's own words. */
  source: z.enum(['openai', 'offline']),
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
  }),
} as const;
