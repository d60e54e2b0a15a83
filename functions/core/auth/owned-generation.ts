import { PATH_ID_OWNERS } from '#shared/contract/route';
import {
  campaignGenerationEntity,
  type CampaignGenerationRecord,
} from '../db/entities/campaign-generation';
import type { CompanyRecord } from '../db/entities/company';
import { hasExpired } from '../db/expiry';
import { generationRefEntity } from '../db/entities/generation-ref';
import { NotFound } from '../errors';
import type { Caller } from './authenticate';
import { loadCompanyOwnedBy } from './owned-company';

export const generationNotFound = () =>
  new NotFound('GENERATION_NOT_FOUND', PATH_ID_OWNERS.generation.message);

export interface OwnedGeneration {
  company: CompanyRecord;
  generation: CampaignGenerationRecord;
}

/**
 * The gate for `/ai/generations/{id}`, as `loadOwnedCampaign` is for campaigns: the generation's
 * pointer names its company (a strongly consistent read), the company is checked to be the
 * caller's, and only then is the generation read. A missing generation, an expired one, another
 * owner's and one of a deleted company all answer the same 404.
 */
export const loadOwnedGeneration = async (
  generationId: string,
  caller: Caller,
  now: number = Date.now(),
): Promise<OwnedGeneration> => {
  const { data: ref } = await generationRefEntity().get({ generationId }).go({ consistent: true });
  if (!ref || hasExpired(ref, now)) throw generationNotFound();
  const company = await loadCompanyOwnedBy(ref.companyId, caller.userId).catch((error: unknown) => {
    throw error instanceof NotFound ? generationNotFound() : error;
  });
  const { data: generation } = await campaignGenerationEntity()
    .get({ companyId: ref.companyId, historyId: ref.historyId, version: ref.version })
    .go({ consistent: true });
  if (!generation || generation.generationId !== generationId || hasExpired(generation, now)) {
    throw generationNotFound();
  }
  return { company, generation };
};
