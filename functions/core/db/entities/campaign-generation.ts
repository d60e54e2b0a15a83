import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import type { CampaignAnalysis, CampaignDraft } from '#shared/contract/ai';
import {
  GENERATION_KINDS,
  GENERATION_STAGES,
  GENERATION_STATUSES,
} from '#shared/domain/ai-campaigns';
import { CAMPAIGN_INTENTIONS, MEDIA_TYPES } from '#shared/domain/campaigns';
import { TTL_ATTRIBUTE } from '../table';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';

/** What a succeeded generation produced: the spec's AI result. */
export interface GenerationData {
  campaign: CampaignDraft;
  analysis: CampaignAnalysis;
}

/**
 * One AI campaign generation or refinement: a version of a history (a generation and its
 * refinements). In the company's item collection, so the company's clean-up removes it, sorted by
 * history, then version: history ids are UUIDv7 (creation order) and versions are zero-padded, so
 * one reverse query of the company's generations reads its newest history first, newest version
 * first — the history panel is one query of at most AI_HISTORY_VERSIONS_MAX items.
 *
 * Found by its own id through its pointer (generation-ref.ts), which names the company. Both
 * expire AI_HISTORY_DAYS after the generation was made (DynamoDB's TTL; reads ignore an expired
 * item, since the TTL sweep runs late and DynamoDB Local never runs it).
 */
export const campaignGenerationEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'campaignGeneration', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          historyId: { type: 'string', required: true, readOnly: true },
          /** 1 for the history's first version, then 2, 3… (padded in the key: 0001). */
          version: {
            type: 'number',
            required: true,
            readOnly: true,
            padding: { length: 4, char: '0' },
          },
          generationId: { type: 'string', required: true, readOnly: true },
          kind: { type: GENERATION_KINDS, required: true, readOnly: true },
          status: { type: GENERATION_STATUSES, required: true, default: 'pending' },
          stage: { type: GENERATION_STAGES, required: true, default: 'queued' },
          progress: { type: 'number', required: true, default: 0 },
          /** What was asked: step one's fields (and a refinement's feedback). */
          input: {
            type: 'map',
            required: true,
            readOnly: true,
            properties: {
              prompt: { type: 'string', required: true },
              feedback: { type: 'string' },
              campaignIntention: { type: CAMPAIGN_INTENTIONS, required: true },
              websiteUrls: { type: 'list', items: { type: 'string' }, required: true },
              mediaAssets: {
                type: 'list',
                required: true,
                items: {
                  type: 'map',
                  properties: {
                    fileName: { type: 'string', required: true },
                    type: { type: MEDIA_TYPES, required: true },
                    description: { type: 'string', required: true },
                  },
                },
              },
            },
          },
          /** A refinement's starting point: the version being refined, as the browser held it. */
          previousCampaign: {
            type: CustomAttributeType<CampaignDraft>('any'),
            readOnly: true,
          },
          /** Set when it succeeded (and only then): the campaign and its analysis. */
          data: { type: CustomAttributeType<GenerationData>('any') },
          /** Why it failed, as the owner reads it. */
          error: { type: 'string' },
          source: { type: ['openai', 'offline'] as const },
          /** Tokens the language model used (none for the offline drafter). */
          usage: {
            type: 'map',
            properties: {
              inputTokens: { type: 'number', required: true },
              outputTokens: { type: 'number', required: true },
            },
          },
          /**
           * The campaign 'Use This Campaign' made of it: set in that campaign's creation
           * transaction only while unset (one campaign per version), cleared by the campaign's
           * clean-up once that campaign is deleted.
           */
          adoptedCampaignId: { type: 'string' },
          /** The company's local day (`yyyy-MM-dd`) its fair-use unit was counted on (to refund it). */
          fairUseDay: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          /** When its worker last began (a retried run begins again). */
          startedAt: { type: 'string' },
          finishedAt: { type: 'string' },
          /** Epoch seconds: AI_HISTORY_DAYS after it was made. */
          expiresAt: { type: 'number', required: true, readOnly: true, field: TTL_ATTRIBUTE },
        },
        indexes: {
          byHistory: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['historyId', 'version'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type CampaignGenerationRecord = EntityItem<ReturnType<typeof campaignGenerationEntity>>;
