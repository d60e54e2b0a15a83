import type { GeneratedContent, GeneratingPost } from '#shared/contract/content';
import type { ContentRecord } from '../core/db/entities/content';
import { toPostResults } from '../domain/results/post-results-view';
import type { ContentGenerationRecord } from '../core/db/entities/content-generation';

/** A post as the API answers it: spec 2 §3's shape (`metadata.params.platform`). */
export const toGeneratedContent = (record: ContentRecord): GeneratedContent => ({
  _id: record.contentId,
  campaignId: record.campaignId,
  content: record.content,
  status: record.status,
  imageIds: [...record.imageIds],
  publishError: record.publishError ?? null,
  metadata: { params: { platform: record.platform }, source: record.generation.source },
  modificationHistory: record.modificationHistory.map((entry) => ({
    date: entry.date,
    status: entry.status,
    comment: entry.comment ?? null,
    modifyAspects: [...(entry.modifyAspects ?? [])],
    via: entry.via ?? 'app',
  })),
  version: record.version,
  revisionId: record.revisionId ?? null,
  scheduledFor: record.scheduledFor ?? null,
  publishedAt: record.publishedAt ?? null,
  postUrl: record.postUrl ?? null,
  results: record.results ? toPostResults(record.results) : null,
  slotReason: record.slotReason ?? null,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

/** A new post being written, as the content list answers it beside the posts. */
export const toGeneratingPost = (record: ContentGenerationRecord): GeneratingPost => ({
  _id: record.generationId,
  platform: record.platform,
  stage: record.stage,
  progress: record.progress,
  createdAt: record.createdAt,
});
