import { Entity } from 'electrodb';
import { SUBSCRIPTION_STATUSES } from '#shared/contract/companies';
import { TIER_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '../lazy';
import { timestampAttributes } from './timestamps';

/**
 * A company. Its partition key is built from `companyId` alone, and every entity that belongs to
 * a company (platform credentials, campaigns, content, media) uses the same partition key, so a
 * company and all it owns live in one item collection — and deleting a company is one query.
 */
export const companyEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'company', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          website: { type: 'string', required: true, default: '' },
          brandColors: { type: 'list', items: { type: 'string' }, required: true },
          brandVoice: { type: 'string', required: true, default: '' },
          subscriptionTier: { type: TIER_IDS, required: true, default: 'intro' },
          trialEndDate: { type: 'string' },
          stripeCustomerId: { type: 'string' },
          stripeSubscriptionId: { type: 'string' },
          subscriptionStatus: { type: SUBSCRIPTION_STATUSES },
          pendingDowngrade: { type: 'boolean', required: true, default: false },
          subscriptionCurrentPeriodEnd: { type: 'string' },
          ...timestampAttributes,
        },
        indexes: {
          byId: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: [] },
          },
          byOwner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['userId'] },
            sk: { field: 'gsi1sk', composite: ['createdAt'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CompanyRecord = NonNullable<
  Awaited<ReturnType<ReturnType<ReturnType<typeof companyEntity>['get']>['go']>>['data']
>;
