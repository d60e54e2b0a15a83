import { platformsRoutes } from '#shared/contract/platforms';
import { loadOwnedCompany } from '../core/auth/owned-company';
import { platformCredentialEntity } from '../core/db/entities/platform-credential';
import { createGroupHandler } from '../core/http/group-handler';

export const handler = createGroupHandler(platformsRoutes, {
  listCredentials: async ({ params, caller }) => {
    const company = await loadOwnedCompany(params.companyId, caller);
    const { data } = await platformCredentialEntity()
      .query.byCompany({ companyId: company.companyId })
      .go({ pages: 'all' });
    return data.map((credential) => ({
      _id: credential.credentialId,
      platform: credential.platform,
      accountName: credential.accountName ?? null,
      createdAt: credential.createdAt,
      metadata: { connected: credential.connected },
    }));
  },
});
