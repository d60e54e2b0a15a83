import type { ContentGenerationStage, DraftTextOutcome } from '#shared/domain/content';
import { isLost, type DraftSource } from '#shared/domain/ai-campaigns';
import type { PlatformId } from '#shared/domain/tiers';
import { conditionally } from '../core/db/conditions';
import {
  CONTENT_GENERATION_DAYS,
  contentGenerationEntity,
  type ContentGenerationRecord,
} from '../core/db/entities/content-generation';
import { newTimeOrderedId, timeOrderedIdOf } from '../core/ids';

/**
 * Every read and write of post generations. A generation moves pending → running → succeeded |
 * failed; each move is a conditional write on the status it moves from, so a second delivery of
 * the worker's event, or a worker that wakes after its generation finished, changes nothing.
 */

export interface NewContentGeneration {
  kind: 'content' | 'revision';
  companyId: string;
  campaignId: string;
  platform: PlatformId;
  /** A revision: the post revised, and its version. A new post takes the generation's id. */
  revises?: { contentId: string; version: number };
  sendNotification: boolean;
  quotaDay: string;
}

/** A pending generation, not yet written: a transaction may carry it with the post it changes. */
export const pendingGeneration = (
  generation: NewContentGeneration,
  now: number = Date.now(),
): ContentGenerationRecord => {
  const generationId = newTimeOrderedId(now);
  return {
    generationId,
    kind: generation.kind,
    companyId: generation.companyId,
    campaignId: generation.campaignId,
    platform: generation.platform,
    contentId: generation.revises?.contentId ?? generationId,
    ...(generation.revises ? { baseVersion: generation.revises.version } : {}),
    sendNotification: generation.sendNotification,
    quotaDay: generation.quotaDay,
    status: 'pending',
    stage: 'queued',
    progress: 0,
    createdAt: new Date(now).toISOString(),
    expiresAt: Math.floor(now / 1000) + CONTENT_GENERATION_DAYS * 24 * 60 * 60,
  };
};

export const createGeneration = async (record: ContentGenerationRecord): Promise<void> => {
  await contentGenerationEntity().create(record).go({ response: 'none' });
};

export const readContentGeneration = async (
  generationId: string,
): Promise<ContentGenerationRecord | null> =>
  (await contentGenerationEntity().get({ generationId }).go({ consistent: true })).data;

/**
 * How long ago a generation still under way can have been made. A worker gives up well within
 * this (a generation reads as lost 5 minutes after its worker last began); the window leaves room
 * for a delivery retried later, and keeps the read to the campaign's last hour.
 */
const UNDER_WAY_WITHIN_MS = 60 * 60_000;

/**
 * The campaign's new posts being written now (pending or running, not lost), newest first: read
 * from the campaign's generations of the last hour (gsi1, ids ordered by time), never a scan.
 * Revisions are left out: their post names them (`revisionId`).
 */
export const newPostsUnderWay = async (
  companyId: string,
  campaignId: string,
  now: number = Date.now(),
): Promise<ContentGenerationRecord[]> => {
  const { data } = await contentGenerationEntity()
    .query.byCampaign({ campaignId })
    // The first id of that millisecond: every generation made since sorts after it.
    .gte({ generationId: timeOrderedIdOf(now - UNDER_WAY_WITHIN_MS, Buffer.alloc(16)) })
    .where(
      ({ companyId: company, kind, status }, { eq }) =>
        `${eq(company, companyId)} AND ${eq(kind, 'content')} AND (${eq(status, 'pending')} OR ${eq(status, 'running')})`,
    )
    .go({ pages: 'all', order: 'desc' });
  return data.filter((generation) => !isLost(generation, now));
};

type Key = Pick<ContentGenerationRecord, 'generationId'>;
const keyOf = ({ generationId }: Key) => ({ generationId });

/** The worker begins (again, on a retried delivery): pending or running → running. */
export const markRunning = (generation: Key, startedAt: string): Promise<boolean> =>
  conditionally(() =>
    contentGenerationEntity()
      .patch(keyOf(generation))
      .set({ status: 'running', stage: 'drafting', progress: 20, startedAt })
      .where(({ status }, { eq }) => `${eq(status, 'pending')} OR ${eq(status, 'running')}`)
      .go({ response: 'none' }),
  );

/** Where a running generation is, for the progress bar; never moves a finished one. */
export const setStage = (
  generation: Key,
  stage: ContentGenerationStage,
  progress: number,
): Promise<boolean> =>
  conditionally(() =>
    contentGenerationEntity()
      .patch(keyOf(generation))
      .set({ stage, progress })
      .where(({ status }, { eq }) => eq(status, 'running'))
      .go({ response: 'none' }),
  );

/** The post is written (a transaction with the post carries this write). */
export const writtenPatch = (generation: Key, source: DraftSource) =>
  contentGenerationEntity()
    .patch(keyOf(generation))
    .set({ written: true, source, stage: 'checking', progress: 90 })
    .where(({ status }, { eq }) => eq(status, 'running'));

/** running → succeeded, with what became of the text. */
export const markSucceeded = (generation: Key, notification: DraftTextOutcome): Promise<boolean> =>
  conditionally(() =>
    contentGenerationEntity()
      .patch(keyOf(generation))
      .set({
        status: 'succeeded',
        stage: 'done',
        progress: 100,
        notification,
        finishedAt: new Date().toISOString(),
      })
      .where(({ status }, { eq }) => eq(status, 'running'))
      .go({ response: 'none' }),
  );

/**
 * pending or running (only those named in `from`) → failed, with why. False when the generation
 * had already moved on.
 */
export const markFailed = (
  generation: Key,
  error: string,
  from: readonly ('pending' | 'running')[] = ['pending', 'running'],
  source?: DraftSource,
): Promise<boolean> =>
  conditionally(() =>
    contentGenerationEntity()
      .patch(keyOf(generation))
      .set({
        status: 'failed',
        error,
        finishedAt: new Date().toISOString(),
        ...(source ? { source } : {}),
      })
      .where(({ status }, { eq }) =>
        from.map((value) => eq(status, value as ContentGenerationRecord['status'])).join(' OR '),
      )
      .go({ response: 'none' }),
  );
