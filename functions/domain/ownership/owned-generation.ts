import { PATH_ID_OWNERS } from '#shared/contract/route';
import {
  campaignGenerationEntity,
  type CampaignGenerationRecord,
} from '../../core/db/entities/campaign-generation';
import type { CompanyRecord } from '../../core/db/entities/company';
import {
  contentGenerationEntity,
  type ContentGenerationRecord,
} from '../../core/db/entities/content-generation';
import { hasExpired } from '../../core/db/expiry';
import { generationRefEntity } from '../../core/db/entities/generation-ref';
import { NotFound } from '../../core/errors';
import type { Caller } from '../../core/auth/authenticate';
import { loadCompanyOwnedBy } from './owned-company';

export const generationNotFound = () =>
  new NotFound('GENERATION_NOT_FOUND', PATH_ID_OWNERS.generation.message);

export type OwnedGeneration =
  | { company: CompanyRecord; kind: 'campaign'; generation: CampaignGenerationRecord }
  | { company: CompanyRecord; kind: 'content'; generation: ContentGenerationRecord };

const ownedCompany = (companyId: string, caller: Caller) =>
  loadCompanyOwnedBy(companyId, caller.userId).catch((error: unknown) => {
    throw error instanceof NotFound ? generationNotFound() : error;
  });

/**
 * The gate for `/ai/generations/{id}`, as `loadOwnedCampaign` is for campaigns. The id names a
 * campaign generation (through its pointer) or a post's generation (its own item): both are read
 * at once, strongly consistent. The company either names is checked to be the caller's, and only
 * then is a campaign generation read. A missing generation, an expired one, another owner's and
 * one of a deleted company all answer the same 404.
 */
export const loadOwnedGeneration = async (
  generationId: string,
  caller: Caller,
  now: number = Date.now(),
): Promise<OwnedGeneration> => {
  const [{ data: ref }, { data: content }] = await Promise.all([
    generationRefEntity().get({ generationId }).go({ consistent: true }),
    contentGenerationEntity().get({ generationId }).go({ consistent: true }),
  ]);
  if (content && !hasExpired(content, now)) {
    return {
      company: await ownedCompany(content.companyId, caller),
      kind: 'content',
      generation: content,
    };
  }
  if (!ref || hasExpired(ref, now)) throw generationNotFound();
  const company = await ownedCompany(ref.companyId, caller);
  const { data: generation } = await campaignGenerationEntity()
    .get({ companyId: ref.companyId, historyId: ref.historyId, version: ref.version })
    .go({ consistent: true });
  if (!generation || generation.generationId !== generationId || hasExpired(generation, now)) {
    throw generationNotFound();
  }
  return { company, kind: 'campaign', generation };
};
