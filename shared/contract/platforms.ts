import * as z from 'zod';
import { PLATFORM_IDS } from '../domain/tiers';
import { defineRoute } from './route';

const platformCredentialSchema = z.object({
  _id: z.string(),
  platform: z.enum(PLATFORM_IDS),
  /** The connected account's display name, when the platform tells it. */
  accountName: z.string().nullable(),
  createdAt: z.string(),
  metadata: z.object({ connected: z.boolean() }),
});
export type PlatformCredential = z.infer<typeof platformCredentialSchema>;

export const platformsRoutes = {
  listCredentials: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/platform-credentials',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary: "A company's connected social accounts (never their tokens)",
    response: z.array(platformCredentialSchema),
    errors: ['COMPANY_NOT_FOUND'],
  }),
} as const;
