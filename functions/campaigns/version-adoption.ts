import { AI_CAMPAIGN_TEXTS } from '#shared/domain/ai-campaigns';
import { conditionally } from '../core/db/conditions';
import {
  campaignGenerationEntity,
  type CampaignGenerationRecord,
} from '../core/db/entities/campaign-generation';
import { generationRefEntity } from '../core/db/entities/generation-ref';
import { hasExpired } from '../core/db/expiry';
import { asTransactionItem } from '../core/db/transaction';
import { Conflict, type DomainError } from '../core/errors';
import { generationNotFound } from '../domain/ownership/owned-generation';

/**
 * 'Use This Campaign' makes one campaign of a generator version, once. The version records the
 * campaign made of it (`adoptedCampaignId`) in that campaign's own creation transaction, on the
 * condition that it records none yet: two creates from one version — a double click, another
 * tab, a request repeated — make one campaign, and the other answers 409. Deleting the campaign
 * frees the version again (its clean-up clears the mark).
 */

export type VersionKey = Pick<CampaignGenerationRecord, 'companyId' | 'historyId' | 'version'>;

const alreadyUsed = () => new Conflict('GENERATION_ALREADY_USED', AI_CAMPAIGN_TEXTS.alreadyUsed);

const readVersion = async (
  companyId: string,
  generationId: string,
  now: number,
): Promise<CampaignGenerationRecord | null> => {
  const { data: ref } = await generationRefEntity().get({ generationId }).go({ consistent: true });
  if (!ref || ref.companyId !== companyId || hasExpired(ref, now)) return null;
  const { data } = await campaignGenerationEntity()
    .get({ companyId, historyId: ref.historyId, version: ref.version })
    .go({ consistent: true });
  return data && data.generationId === generationId && !hasExpired(data, now) ? data : null;
};

/**
 * The version a new campaign of the company is made from: one of the company's own versions
 * that succeeded (another company's, an unfinished or failed one and an unknown id are not
 * found), not yet made into a campaign (409).
 */
export const adoptableVersion = async (
  companyId: string,
  generationId: string,
  now: number = Date.now(),
): Promise<VersionKey> => {
  const version = await readVersion(companyId, generationId, now);
  if (!version || version.status !== 'succeeded') throw generationNotFound();
  if (version.adoptedCampaignId) throw alreadyUsed();
  return { companyId, historyId: version.historyId, version: version.version };
};

/**
 * The campaign creation's write that marks the version: it holds only while the version has
 * succeeded and names no campaign yet.
 */
export const markVersionAdopted = (key: VersionKey, campaignId: string): object =>
  asTransactionItem(
    campaignGenerationEntity()
      .patch(key)
      .set({ adoptedCampaignId: campaignId })
      .where(
        ({ status, adoptedCampaignId }, { eq, notExists }) =>
          `${eq(status, 'succeeded')} AND ${notExists(adoptedCampaignId)}`,
      ),
  );

/** Why the mark did not hold, read again: another campaign took the version first, or it is gone. */
export const adoptionRefusal = async (
  companyId: string,
  generationId: string,
): Promise<DomainError> => {
  const version = await readVersion(companyId, generationId, Date.now());
  return version?.adoptedCampaignId ? alreadyUsed() : generationNotFound();
};

/**
 * The campaign made of the version is gone: the version may be used again. Only the mark of that
 * campaign is cleared (never one a later campaign set), and a version that has expired meanwhile
 * is left alone.
 */
export const releaseAdoptedVersion = async (
  companyId: string,
  generationId: string,
  campaignId: string,
): Promise<boolean> => {
  const { data: ref } = await generationRefEntity().get({ generationId }).go({ consistent: true });
  if (!ref || ref.companyId !== companyId) return false;
  return conditionally(() =>
    campaignGenerationEntity()
      .patch({ companyId, historyId: ref.historyId, version: ref.version })
      .remove(['adoptedCampaignId'])
      .where(({ adoptedCampaignId }, { eq }) => eq(adoptedCampaignId, campaignId))
      .go({ response: 'none' }),
  );
};
