import { describe, expect, it } from 'vitest';
import { GENERATION_LOST_AFTER_MS, GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import type { CampaignGenerationRecord } from '../core/db/entities/campaign-generation';
import { isLost } from '#shared/domain/ai-campaigns';
import { toGeneration } from './generation-view';

const createdAt = '2026-11-23T12:00:00.000Z';
const at = (ms: number) => Date.parse(createdAt) + ms;

const record = (changes: Partial<CampaignGenerationRecord> = {}): CampaignGenerationRecord =>
  ({
    companyId: 'c',
    historyId: 'h',
    version: 1,
    generationId: 'g',
    kind: 'generate',
    status: 'pending',
    stage: 'queued',
    progress: 0,
    input: { prompt: 'Spring', campaignIntention: 'marketing', websiteUrls: [], mediaAssets: [] },
    fairUseDay: '2026-11-23',
    createdAt,
    expiresAt: 0,
    ...changes,
  }) as CampaignGenerationRecord;

describe('a generation as the API reads it', () => {
  it('is lost once pending or running longer than GENERATION_LOST_AFTER_MS since it (re)started', () => {
    expect(isLost(record(), at(GENERATION_LOST_AFTER_MS))).toBe(false);
    expect(isLost(record(), at(GENERATION_LOST_AFTER_MS + 1))).toBe(true);
    const restarted = record({ status: 'running', startedAt: new Date(at(60_000)).toISOString() });
    expect(isLost(restarted, at(GENERATION_LOST_AFTER_MS + 1))).toBe(false);
    expect(isLost(record({ status: 'succeeded' }), at(10 * GENERATION_LOST_AFTER_MS))).toBe(false);
  });

  it('shows a lost one as failed with the lost message, and data only when succeeded', () => {
    const lost = toGeneration(
      record({ status: 'running', data: { campaign: {}, analysis: {} } as never }),
      at(GENERATION_LOST_AFTER_MS + 1),
    );
    expect(lost).toMatchObject({ status: 'failed', error: GENERATION_MESSAGES.lost, data: null });
    expect(toGeneration(record(), at(1000))).toMatchObject({
      _id: 'g',
      status: 'pending',
      error: null,
      data: null,
      source: null,
      finishedAt: null,
      input: { feedback: null },
    });
  });
});
