import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { ACTED_VIA, CONTENT_STATUSES, type ModifyAspect } from '#shared/domain/content';
import { RESULT_AGE_IDS } from '#shared/domain/post-results';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * A post the AI wrote for one platform of a campaign, and what became of it. In the company's
 * item collection under its campaign (the campaign's clean-up removes it). Ids are UUIDv7, so
 * every listing reads newest first by reading backwards: by campaign (the table), by campaign and
 * status (gsi1: the default 'draft' filter), by campaign and platform (gsi2). `version` counts
 * the revisions; each review appends to `modificationHistory`.
 *
 * Across campaigns, the company's posts are on its timeline (gsi3, sparse): a post waiting for
 * review in the `review` lane by when it was written, a scheduled, published or failed one in the
 * `timed` lane by when it goes out, went out or was due. The post's moves keep its place there
 * (post-lifecycle.ts); a post in any other status is on neither.
 */
export const contentEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'content', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          contentId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true, readOnly: true },
          status: { type: CONTENT_STATUSES, required: true, default: 'draft' },
          content: { type: 'string', required: true },
          imageIds: {
            type: 'list',
            items: { type: 'string' },
            required: true,
            default: () => [],
          },
          publishError: { type: 'string' },
          modificationHistory: {
            type: 'list',
            required: true,
            default: () => [],
            items: {
              type: 'map',
              properties: {
                date: { type: 'string', required: true },
                status: { type: CONTENT_STATUSES, required: true },
                comment: { type: 'string' },
                modifyAspects: {
                  type: 'list',
                  items: { type: CustomAttributeType<ModifyAspect>('string') },
                },
                /** Where the owner acted: the app (absent) or a text reply. */
                via: { type: ACTED_VIA },
              },
            },
          },
          /** What wrote the post: the drafter, and the generation it came from. */
          generation: {
            type: 'map',
            required: true,
            properties: {
              source: { type: ['openai', 'offline'] as const, required: true },
              generationId: { type: 'string' },
            },
          },
          version: { type: 'number', required: true, default: 1 },
          /** The newest AI revision asked for (a content generation's id). */
          revisionId: { type: 'string' },
          /** Scheduled: the slot it goes out at (UTC ISO). */
          scheduledFor: { type: 'string' },
          /** The publisher's attempt the current schedule fires (1, then 2, 3 on a retry). */
          publishAttempt: { type: 'number' },
          /** Publishing: since when the publisher holds it (a claim that outlives it is unknown). */
          publishingSince: { type: 'string' },
          /** Published: when, where, and the provider's id of the post. */
          publishedAt: { type: 'string' },
          postUrl: { type: 'string' },
          providerPostId: { type: 'string' },
          /**
           * Published: its latest results (the reading of RESULT_AGES it is), replaced by each
           * later reading; `engagements` is every interaction the platform counts.
           */
          results: {
            type: 'map',
            properties: {
              impressions: { type: 'number', required: true },
              engagements: { type: 'number', required: true },
              collectedAt: { type: 'string', required: true },
              age: { type: RESULT_AGE_IDS, required: true },
            },
          },
          /** Slotted in Best times mode: why this slot (the card shows it). */
          slotReason: { type: 'string' },
          /**
           * What the provider held ready to publish for the latest attempt (an Instagram
           * container), recorded before it was published: a container is made once per attempt.
           */
          providerPreparedId: { type: 'string' },
          /**
           * Its lane of the company's timeline, `{companyId}#{lane}`; absent when it is on none.
           * The index's keys are made of these two alone: with the post's own key among them,
           * ElectroDB would insist on them in every write, also of a post on no lane.
           */
          timelineLane: { type: 'string', hidden: true },
          /** Its place in the lane, `{UTC ISO}#{contentId}`: when it was written, or goes out. */
          timelinePlace: { type: 'string', hidden: true },
          ...timestampAttributes,
        },
        indexes: {
          byCampaign: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['campaignId', 'contentId'] },
          },
          byCampaignStatus: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['campaignId', 'status'] },
            sk: { field: 'gsi1sk', composite: ['contentId'] },
          },
          byCampaignPlatform: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['campaignId', 'platform'] },
            sk: { field: 'gsi2sk', composite: ['contentId'] },
          },
          /** Sparse: only posts with a lane, oldest first within the company's lane. */
          byCompanyTimeline: {
            index: 'gsi3',
            condition: (attributes) => attributes.timelineLane !== undefined,
            pk: { field: 'gsi3pk', composite: ['timelineLane'] },
            sk: { field: 'gsi3sk', composite: ['timelinePlace'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ContentRecord = EntityItem<ReturnType<typeof contentEntity>>;
