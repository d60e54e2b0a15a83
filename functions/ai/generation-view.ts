import type { Generation } from '#shared/contract/ai';
import type { ContentGeneration } from '#shared/contract/content';
import { GENERATION_MESSAGES, isLost } from '#shared/domain/ai-campaigns';
import type { CampaignGenerationRecord } from '../core/db/entities/campaign-generation';
import type { ContentGenerationRecord } from '../core/db/entities/content-generation';

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
    adoptedCampaignId: record.adoptedCampaignId ?? null,
  };
};

/** A post's generation as the API answers it; `contentId` only once the post is written. */
export const toContentGeneration = (
  record: ContentGenerationRecord,
  now: number = Date.now(),
): ContentGeneration => {
  const lost = isLost(record, now);
  return {
    _id: record.generationId,
    kind: record.kind,
    companyId: record.companyId,
    campaignId: record.campaignId,
    platform: record.platform,
    status: lost ? 'failed' : record.status,
    stage: record.stage,
    progress: record.progress,
    contentId: record.kind === 'revision' || record.written ? record.contentId : null,
    error: lost ? GENERATION_MESSAGES.lost : (record.error ?? null),
    source: record.source ?? null,
    notification: record.notification ?? null,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt ?? null,
  };
};
