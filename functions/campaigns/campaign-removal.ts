import { campaignEntity } from '../core/db/entities/campaign';
import { campaignCleanupEntity } from '../core/db/entities/campaign-cleanup';
import { campaignRefEntity } from '../core/db/entities/campaign-ref';
import { deleteItemKeys } from '../core/db/batch-delete';
import { Invalid } from '../core/errors';
import { releaseAdoptedVersion } from './version-adoption';

/** A deleted campaign whose clean-up has not finished this long after is restarted by the sweeper. */
export const CAMPAIGN_CLEANUP_GRACE_MINUTES = 15;

/**
 * The campaign-cleanup job's guard: the event may only name a campaign that is gone (its DELETE
 * removed it before starting the job), never make the job strip a live campaign of its media.
 */
export const assertCampaignDeleted = async (companyId: string, campaignId: string) => {
  const { data } = await campaignEntity().get({ companyId, campaignId }).go({ consistent: true });
  if (data) throw new Invalid('VALIDATION_FAILED', `Campaign ${campaignId} is not deleted`);
};

/**
 * A campaign made with 'Use This Campaign' frees its generator version, so the owner may make it
 * a campaign again: the version is named by the clean-up's marker (the campaign is gone). False
 * when there was none to free (a campaign made by hand, a version expired, a second run).
 */
export const releaseCampaignVersion = async (
  companyId: string,
  campaignId: string,
): Promise<boolean> => {
  const { data } = await campaignCleanupEntity()
    .get({ companyId, campaignId })
    .go({ consistent: true });
  if (!data?.fromGeneration) return false;
  return releaseAdoptedVersion(companyId, data.fromGeneration, campaignId);
};

/** The clean-up is done: its marker goes, and the sweeper stops finding it. */
export const finishCampaignCleanup = async (companyId: string, campaignId: string) => {
  await campaignCleanupEntity().delete({ companyId, campaignId }).go({ response: 'none' });
};

/**
 * Deleted campaigns whose clean-up has not finished although they were deleted more than the
 * grace period ago (the job never started, or failed for good), oldest first, from the sparse
 * index that holds only their markers.
 */
export const findUnfinishedCampaignCleanups = async (
  now: Date = new Date(),
): Promise<{ companyId: string; campaignId: string }[]> => {
  const cutoff = new Date(now.getTime() - CAMPAIGN_CLEANUP_GRACE_MINUTES * 60_000).toISOString();
  const { data } = await campaignCleanupEntity()
    .query.pending({ campaignCleanup: 'pending' })
    .lt({ deletedAt: cutoff })
    .go({ pages: 'all', attributes: ['companyId', 'campaignId'] });
  return data;
};

/**
 * A deleted company's campaign pointers: they live outside the company's item collection (keyed
 * by campaign id), so the company's clean-up removes them explicitly, before the campaigns go.
 * Safe to run twice.
 */
export const removeCompanyCampaignRefs = async (companyId: string): Promise<number> => {
  const { data } = await campaignEntity()
    .query.byCompany({ companyId })
    .go({ pages: 'all', consistent: true, attributes: ['campaignId'] });
  await deleteItemKeys(
    data.map(
      ({ campaignId }) =>
        campaignRefEntity().delete({ campaignId }).params<{ Key: Record<string, unknown> }>().Key,
    ),
  );
  return data.length;
};
