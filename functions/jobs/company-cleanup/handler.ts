import * as z from 'zod';
import { removeCompanyGenerationRefs } from '#functions/ai/generation-removal';
import { endDeletedCompanySubscription } from '#functions/billing/deleted-company';
import { removeCompanyCampaignRefs } from '#functions/campaigns/campaign-removal';
import { removeDeletedCompany } from '#functions/companies/company-cleanup';
import { defineJob } from '#functions/core/jobs/define-job';
import { removeCompanyMediaObjects } from '#functions/media/campaign-media-removal';
import { revokeCompanyGrants } from '#functions/platforms/revocation';

/**
 * Removes everything a deleted company owned, then the company; first it revokes, at X and
 * LinkedIn, the grants of the accounts it had connected, ends its Stripe subscription, removes
 * the pointers of its campaigns and AI generations (kept outside its item collection) and its
 * media files. Started by DELETE /companies/{id} and, for a clean-up that never finished, by the
 * sweeper.
 */
export const handler = defineJob({
  name: 'company-cleanup',
  event: z.object({ companyId: z.string().min(1) }),
  idempotencyKey: (event) => event.companyId,
  run: ({ companyId }, { logger }) =>
    removeDeletedCompany(companyId, logger, {
      beforeRemoving: () =>
        Promise.all([
          revokeCompanyGrants(companyId, logger),
          endDeletedCompanySubscription(companyId, logger),
          removeCompanyCampaignRefs(companyId),
          removeCompanyGenerationRefs(companyId),
          removeCompanyMediaObjects(companyId).then((objects) =>
            logger.info('Company media removed', { companyId, objects }),
          ),
        ]),
    }),
});
