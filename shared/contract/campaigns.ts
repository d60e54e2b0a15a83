import * as z from 'zod';
import {
  CAMPAIGN_INTENTIONS,
  CAMPAIGN_STATUSES,
  DEFAULT_CAMPAIGN_LIST_LIMIT,
} from '../domain/campaigns';
import { defineRoute } from './route';

const campaignSummarySchema = z.object({
  _id: z.string(),
  company: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  platforms: z.array(z.string()),
  campaignIntention: z.enum(CAMPAIGN_INTENTIONS),
  startDate: z.string(),
  endDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

const campaignListQuery = z.object({
  skip: z.coerce
    .number({ error: 'skip must be a number' })
    .int()
    .min(0, 'skip must be 0 or more')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(DEFAULT_CAMPAIGN_LIST_LIMIT),
  status: z.enum(CAMPAIGN_STATUSES, { error: 'Unknown campaign status' }).optional(),
});

export const campaignsRoutes = {
  listForCompany: defineRoute({
    method: 'GET',
    path: '/campaigns/company/{companyId}',
    owners: { companyId: 'company' },
    group: 'campaigns',
    access: 'user',
    summary: "A company's campaigns, newest first (data, total, skip, limit)",
    query: campaignListQuery,
    response: z.object({
      data: z.array(campaignSummarySchema),
      total: z.number().int(),
      skip: z.number().int(),
      limit: z.number().int(),
    }),
    errors: ['COMPANY_NOT_FOUND'],
  }),
} as const;
