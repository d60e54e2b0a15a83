import { TIERS, type PlatformId } from '#shared/domain/tiers';
import type { CompanyRecord } from '../../core/db/entities/company';
import { platformCredentialEntity } from '../../core/db/entities/platform-credential';
import { companyEffectiveTier, type CompanyPlan } from '../plans/entitlement';

/** The platforms the company has connected (read from its credentials, strongly consistent). */
export const connectedPlatforms = async (companyId: string): Promise<Set<PlatformId>> => {
  // At most one credential per platform: one small page.
  const { data } = await platformCredentialEntity()
    .query.byCompany({ companyId })
    .go({ pages: 'all', consistent: true, attributes: ['platform', 'connected'] });
  return new Set(data.filter((credential) => credential.connected).map((c) => c.platform));
};

/**
 * The platforms an AI draft may propose for the company: those it has connected that its
 * effective tier allows (a downgraded company keeps its LinkedIn connection but may not use it),
 * in the tier's order.
 */
export const draftablePlatforms = async (
  company: CompanyPlan & Pick<CompanyRecord, 'companyId'>,
  now: number = Date.now(),
): Promise<PlatformId[]> => {
  const connected = await connectedPlatforms(company.companyId);
  return TIERS[companyEffectiveTier(company, now)].allowedPlatforms.filter((platform) =>
    connected.has(platform),
  );
};
