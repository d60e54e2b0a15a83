import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import {
  CAMPAIGN_INTENTIONS,
  CAMPAIGN_STATUSES,
  DEFAULT_POSTING_DAYS,
  DEFAULT_POSTING_TIMES,
  type Weekday,
} from '#shared/domain/campaigns';
import { DEFAULT_TIME_ZONE } from '#shared/domain/limits';
import { SCHEDULE_MODES } from '#shared/domain/post-results';
import type { PlatformId } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * A campaign of a company, in the company's item collection (so the company's clean-up removes
 * it). Its id is a UUIDv7 (`newTimeOrderedId`): ids sort by creation time, so the sort key is the
 * creation order and "newest first" is one query in reverse, one page long.
 *
 * - `byCompany` (the table): a company's campaigns, strongly consistent, newest first in reverse.
 * - `byCompanyStatus` (gsi1): a company's campaigns of one status, newest first in reverse — the
 *   list's `status` filter and the overview's Recent Activity, without reading other statuses.
 *
 * Found by id alone through its pointer (campaign-ref.ts), which names the company. How many a
 * company has, per status, is kept in campaign-counts.ts, in the same transactions.
 */
export const campaignEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'campaign', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          status: { type: CAMPAIGN_STATUSES, required: true, default: 'draft' },
          platforms: {
            type: 'list',
            items: { type: CustomAttributeType<PlatformId>('string') },
            required: true,
            default: () => [],
          },
          campaignIntention: {
            type: CAMPAIGN_INTENTIONS,
            required: true,
            default: 'personal-storytelling',
          },
          /** UTC ISO instants (a date-only input is the start of that day in the schedule's zone). */
          startDate: { type: 'string', required: true },
          endDate: { type: 'string', required: true },
          contentSeeds: {
            type: 'map',
            required: true,
            properties: {
              brandVoice: { type: 'string', required: true, default: '' },
              keyMessages: {
                type: 'list',
                items: { type: 'string' },
                required: true,
                default: () => [],
              },
              contentInstructions: { type: 'string', required: true, default: '' },
            },
            default: () => ({ brandVoice: '', keyMessages: [], contentInstructions: '' }),
          },
          /** When posts go out: the zone, the days of the week and the times of day (`HH:mm`). */
          schedule: {
            type: 'map',
            required: true,
            properties: {
              timeZone: { type: 'string', required: true },
              days: {
                type: 'list',
                items: { type: CustomAttributeType<Weekday>('string') },
                required: true,
              },
              times: { type: 'list', items: { type: 'string' }, required: true },
              /** Absent on campaigns made before there were modes: `fixed`. */
              mode: { type: SCHEDULE_MODES },
            },
            default: () => ({
              timeZone: DEFAULT_TIME_ZONE,
              days: [...DEFAULT_POSTING_DAYS],
              times: [...DEFAULT_POSTING_TIMES],
            }),
          },
          /** The AI generator's version it was made from ('Use This Campaign'), if any. */
          fromGeneration: { type: 'string', readOnly: true },
          /** How many media assets it has (changed with them, in the same transactions). */
          mediaCount: { type: 'number', required: true, default: 0 },
          ...timestampAttributes,
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['campaignId'] },
          },
          byCompanyStatus: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['companyId', 'status'] },
            sk: { field: 'gsi1sk', composite: ['campaignId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CampaignRecord = EntityItem<ReturnType<typeof campaignEntity>>;
