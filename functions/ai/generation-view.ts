import type { Generation } from '#shared/contract/ai';
import { GENERATION_LOST_AFTER_MS, GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import type { CampaignGenerationRecord } from '../core/db/entities/campaign-generation';

/**
 * A generation still pending or running GENERATION_LOST_AFTER_MS after its worker last began (or,
 * pending, after it was made) has lost its worker — a crash, a time-out, a job that never ran. It
 * is not rewritten: it reads as failed, and its worker refuses to finish it (generation-run.ts).
 */
export const isLost = (
  generation: Pick<CampaignGenerationRecord, 'status' | 'startedAt' | 'createdAt'>,
  now: number = Date.now(),
): boolean =>
  (generation.status === 'pending' || generation.status === 'running') &&
  now - Date.parse(generation.startedAt ?? generation.createdAt) > GENERATION_LOST_AFTER_MS;

/** A generation as the API answers it: the contract's shape, a lost one as failed. */
export const toGeneration = (
  record: CampaignGenerationRecord,
  now: number = Date.now(),
): Generation => {
  const lost = isLost(record, now);
  return {
    _id: record.generationId,
    historyId: record.historyId,
    companyId: record.companyId,
    kind: record.kind,
    version: record.version,
    status: lost ? 'failed' : record.status,
    stage: record.stage,
    progress: record.progress,
    input: {
      prompt: record.input.prompt,
      feedback: record.input.feedback ?? null,
      campaignIntention: record.input.campaignIntention,
      websiteUrls: [...record.input.websiteUrls],
      mediaAssets: record.input.mediaAssets.map((file) => ({ ...file })),
    },
    // Nothing half-made is shown: only a succeeded generation has data.
    data: !lost && record.status === 'succeeded' ? (record.data ?? null) : null,
    error: lost ? GENERATION_MESSAGES.lost : (record.error ?? null),
    source: record.source ?? null,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt ?? null,
  };
};
