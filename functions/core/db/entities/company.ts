import { Entity, type EntityItem } from 'electrodb';
import { SUBSCRIPTION_STATUSES } from '#shared/domain/subscription';
import { TIER_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * A company. Its partition key is built from `companyId` alone, and every entity that belongs to
 * a company (platform credentials, campaigns, content, media) uses the same partition key, so a
 * company and all it owns live in one item collection — and finding what a deleted company owned
 * is one query.
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
          /** A founder's company: intro for life, no trial. Set at creation from the owner's role. */
          founder: { type: 'boolean', required: true, default: false },
          /**
           * IANA zone for "today": daily limits, the morning text, posting times. Absent until a
           * browser gives it (read it through `companyTimeZone`).
           */
          timeZone: { type: 'string' },
          /**
           * The local hour (0–23, in `timeZone`) of the morning drafts and text; absent on companies
           * made before it existed (read it through `companyMorningHour`: 8). The morning roster
           * (morning-roster.ts) lists the company under its zone and this hour.
           */
          morningHour: { type: 'number' },
          /**
           * Set when the owner deletes the company: from then on it is gone from every read, and
           * the company-cleanup job removes what it owns, the company item last.
           */
          deletedAt: { type: 'string' },
          /** The constant partition key of the sparse index below, present only with `deletedAt`. */
          cleanup: {
            type: ['pending'] as const,
            hidden: true,
            watch: ['deletedAt'],
            set: (_: unknown, { deletedAt }: { deletedAt?: string }) =>
              deletedAt === undefined ? undefined : ('pending' as const),
          },
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
          /**
           * Sparse: only deleted companies (whose items the clean-up has not removed yet) are in
           * it, oldest deletion first, so the sweeper finds unfinished clean-ups without a scan.
           */
          awaitingCleanup: {
            index: 'gsi2',
            condition: (attributes) => attributes.deletedAt !== undefined,
            pk: { field: 'gsi2pk', composite: ['cleanup'] },
            sk: { field: 'gsi2sk', composite: ['deletedAt'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CompanyRecord = EntityItem<ReturnType<typeof companyEntity>>;
