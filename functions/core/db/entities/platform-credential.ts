import { Entity } from 'electrodb';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * A social account connected to a company. Lives in the company's item collection (same
 * partition key), so it goes when the company goes. Tokens arrive, encrypted, with the platform
 * connection issue.
 */
export const platformCredentialEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'platformCredential', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          credentialId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true },
          accountName: { type: 'string' },
          connected: { type: 'boolean', required: true, default: true },
          ...timestampAttributes,
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['credentialId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);
