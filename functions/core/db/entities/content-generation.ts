import { Entity, type EntityItem } from 'electrodb';
import { DRAFT_SOURCES, GENERATION_STATUSES } from '#shared/domain/ai-campaigns';
import { CONTENT_GENERATION_STAGES, DRAFT_TEXT_OUTCOMES } from '#shared/domain/content';
import { PLATFORM_IDS } from '#shared/domain/tiers';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

export const CONTENT_GENERATION_KINDS = ['content', 'revision'] as const;

/**
 * One AI post generation: a new post for a platform of a campaign (`content`), or the next
 * version of a post sent back for changes (`revision`). Keyed by its own id, which
 * `/ai/generations/{id}` names alone; it names its company, which the reader checks is the
 * caller's. A new post's id is the generation's id, so a second run of the worker finds the post
 * it already wrote instead of writing another. It holds no free text (a revision's feedback is on
 * the post's history) and expires after CONTENT_GENERATION_DAYS; a deleted company's generations
 * answer 404 (their company is gone) until then. By campaign (gsi1), the ones under way are found
 * after a reload.
 */
export const contentGenerationEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'contentGeneration', version: '1', service: 'sailpost' },
        attributes: {
          generationId: { type: 'string', required: true, readOnly: true },
          kind: { type: CONTENT_GENERATION_KINDS, required: true, readOnly: true },
          companyId: { type: 'string', required: true, readOnly: true },
          campaignId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true, readOnly: true },
          /** The post written (`content`: the generation's own id) or revised. */
          contentId: { type: 'string', required: true, readOnly: true },
          /** A revision: the post's version it revises (a post changed meanwhile is left alone). */
          baseVersion: { type: 'number', readOnly: true },
          sendNotification: { type: 'boolean', required: true, readOnly: true },
          /** The local day the generation was counted on (given back if it fails). */
          quotaDay: { type: 'string', required: true, readOnly: true },
          status: { type: GENERATION_STATUSES, required: true, default: 'pending' },
          stage: { type: CONTENT_GENERATION_STAGES, required: true, default: 'queued' },
          progress: { type: 'number', required: true, default: 0 },
          /** The post is written; what remains is the text that announces it. */
          written: { type: 'boolean' },
          notification: { type: DRAFT_TEXT_OUTCOMES },
          error: { type: 'string' },
          source: { type: DRAFT_SOURCES },
          createdAt: { type: 'string', required: true, readOnly: true },
          startedAt: { type: 'string' },
          finishedAt: { type: 'string' },
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byGeneration: {
            pk: { field: 'pk', composite: ['generationId'] },
            sk: { field: 'sk', composite: [] },
          },
          /** A campaign's generations, oldest first (ids are time-ordered): those under way now. */
          byCampaign: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['campaignId'] },
            sk: { field: 'gsi1sk', composite: ['generationId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type ContentGenerationRecord = EntityItem<ReturnType<typeof contentGenerationEntity>>;
export const CONTENT_GENERATION_DAYS = 7;
