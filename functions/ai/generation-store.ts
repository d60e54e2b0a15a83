import type { CampaignDraft, GeneratorMedia } from '#shared/contract/ai';
import { PATH_ID_PATTERN } from '#shared/contract/route';
import {
  AI_HISTORY_DAYS,
  AI_HISTORY_VERSIONS_MAX,
  type GenerationKind,
  type GenerationStage,
} from '#shared/domain/ai-campaigns';
import type { CampaignIntention } from '#shared/domain/campaigns';
import { generationNotFound } from '../domain/ownership/owned-generation';
import { hasExpired } from '../core/db/expiry';
import { COMPANY_NOT_FOUND, companyStillOpen } from '../domain/ownership/owned-company';
import { conditionally } from '../core/db/conditions';
import {
  campaignGenerationEntity,
  type CampaignGenerationRecord,
  type GenerationData,
} from '../core/db/entities/campaign-generation';
import { companyEntity } from '../core/db/entities/company';
import { generationRefEntity } from '../core/db/entities/generation-ref';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { lostRace, TransactionCancelled, writeTransaction } from '../core/db/transaction';
import { NotFound } from '../core/errors';
import { newTimeOrderedId } from '../core/ids';
import type { TokenUsage } from '../integrations/ai/campaign-drafter';

/**
 * Every read and write of campaign generations. A generation moves pending → running →
 * succeeded | failed; each move is a conditional write on the status it moves from, so a second
 * delivery of the worker's event, or a worker that wakes after its generation finished, changes
 * nothing. Only `succeeded` ever carries data.
 */

const HISTORY_TTL_SECONDS = AI_HISTORY_DAYS * 24 * 60 * 60;
const MAX_ATTEMPTS = 5;

export interface GenerationInput {
  prompt: string;
  feedback?: string;
  campaignIntention: CampaignIntention;
  websiteUrls: string[];
  mediaAssets: GeneratorMedia[];
}

export interface NewGeneration {
  kind: GenerationKind;
  input: GenerationInput;
  previousCampaign?: CampaignDraft;
  /** The company's local day its fair-use unit was counted on. */
  fairUseDay: string;
}

const entities = () => ({
  generations: campaignGenerationEntity(),
  refs: generationRefEntity(),
  companies: companyEntity(),
});

/** The newest version of one of the company's histories (expired or not), or null. */
const latestVersionOf = async (
  companyId: string,
  historyId: string,
): Promise<CampaignGenerationRecord | null> => {
  const { data } = await campaignGenerationEntity()
    .query.byHistory({ companyId, historyId })
    .go({ order: 'desc', limit: 1, consistent: true });
  return data[0] ?? null;
};

/**
 * The history a refinement adds to: one of the company's own histories that has a version not
 * yet expired; anything else (another company's, an unknown id) is not found.
 */
export const findHistory = async (
  companyId: string,
  historyId: string,
  now: number = Date.now(),
): Promise<{ historyId: string }> => {
  if (!PATH_ID_PATTERN.test(historyId)) throw generationNotFound();
  const latest = await latestVersionOf(companyId, historyId);
  // Versions are made in order, so the newest is the last to expire.
  if (!latest || hasExpired(latest, now)) throw generationNotFound();
  return { historyId: latest.historyId };
};

/**
 * Records a pending generation — the next version of `historyId`, or version 1 of a new history —
 * with its pointer, in one transaction that also checks the company is still there (a generation
 * is never added to a company whose clean-up has begun). Two refinements of one history at once
 * both get a version: the loser of the race takes the next number.
 */
export const recordPendingGeneration = async (
  companyId: string,
  historyId: string | null,
  generation: NewGeneration,
): Promise<CampaignGenerationRecord> => {
  const now = new Date();
  const expiresAt = Math.floor(now.getTime() / 1000) + HISTORY_TTL_SECONDS;
  const generationId = newTimeOrderedId(now.getTime());
  const history = historyId ?? newTimeOrderedId(now.getTime());
  return retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      exhausted: 'Could not record the generation: its history stayed contended',
    },
    async () => {
      const version = historyId
        ? ((await latestVersionOf(companyId, history))?.version ?? 0) + 1
        : 1;
      const record = {
        companyId,
        historyId: history,
        version,
        generationId,
        kind: generation.kind,
        status: 'pending' as const,
        stage: 'queued' as const,
        progress: 0,
        input: generation.input,
        ...(generation.previousCampaign ? { previousCampaign: generation.previousCampaign } : {}),
        fairUseDay: generation.fairUseDay,
        createdAt: now.toISOString(),
        expiresAt,
      };
      const outcome = await writeTransaction(entities(), ({ generations, refs, companies }) => ({
        generation: generations.create(record).commit(),
        ref: refs
          .create({ generationId, companyId, historyId: history, version, expiresAt })
          .commit(),
        company: companyStillOpen(companies, companyId),
      }));
      if (outcome.committed) return record as CampaignGenerationRecord;
      if (outcome.failedConditions.has('company')) {
        throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
      }
      // Another refinement took this version number meanwhile: the next one is ours.
      if (lostRace(outcome, 'generation')) return CONTENDED;
      throw new TransactionCancelled('Generation not recorded', outcome);
    },
  );
};

/**
 * The company's newest history (the one made last), its versions oldest first: one reverse query
 * of one page. A history longer than AI_HISTORY_VERSIONS_MAX shows its newest versions; expired
 * versions are left out (DynamoDB's TTL removes them later).
 */
export const newestHistory = async (
  companyId: string,
  now: number = Date.now(),
): Promise<CampaignGenerationRecord[]> => {
  const { data } = await campaignGenerationEntity()
    .query.byHistory({ companyId })
    .go({ order: 'desc', limit: AI_HISTORY_VERSIONS_MAX, consistent: true });
  const live = data.filter((generation) => !hasExpired(generation, now));
  const newest = live[0];
  if (!newest) return [];
  return live.filter((generation) => generation.historyId === newest.historyId).reverse();
};

/** A generation by id, for its worker (no owner: the worker's event comes from our own API). */
export const readGeneration = async (
  generationId: string,
): Promise<CampaignGenerationRecord | null> => {
  const { data: ref } = await generationRefEntity().get({ generationId }).go({ consistent: true });
  if (!ref) return null;
  const { data } = await campaignGenerationEntity()
    .get({ companyId: ref.companyId, historyId: ref.historyId, version: ref.version })
    .go({ consistent: true });
  return data && data.generationId === generationId ? data : null;
};

type GenerationKey = Pick<CampaignGenerationRecord, 'companyId' | 'historyId' | 'version'>;

const keyOf = ({ companyId, historyId, version }: GenerationKey) => ({
  companyId,
  historyId,
  version,
});

/** The worker begins (again, on a retried delivery): pending or running → running. */
export const markRunning = (
  generation: GenerationKey,
  stage: GenerationStage,
  progress: number,
  startedAt: string,
): Promise<boolean> =>
  conditionally(() =>
    campaignGenerationEntity()
      .patch(keyOf(generation))
      .set({ status: 'running', stage, progress, startedAt })
      .where(({ status }, { eq }) => `${eq(status, 'pending')} OR ${eq(status, 'running')}`)
      .go({ response: 'none' }),
  );

/** Where a running generation is, for the progress bar; never moves a finished one. */
export const setStage = (
  generation: GenerationKey,
  stage: GenerationStage,
  progress: number,
): Promise<boolean> =>
  conditionally(() =>
    campaignGenerationEntity()
      .patch(keyOf(generation))
      .set({ stage, progress })
      .where(({ status }, { eq }) => eq(status, 'running'))
      .go({ response: 'none' }),
  );

/** running → succeeded, with the campaign and its analysis. */
export const markSucceeded = (
  generation: GenerationKey,
  result: {
    data: GenerationData;
    source: 'openai' | 'offline';
    usage: TokenUsage | null;
    finishedAt: string;
  },
): Promise<boolean> =>
  conditionally(() =>
    campaignGenerationEntity()
      .patch(keyOf(generation))
      .set({
        status: 'succeeded',
        stage: 'done',
        progress: 100,
        data: result.data,
        source: result.source,
        ...(result.usage ? { usage: result.usage } : {}),
        finishedAt: result.finishedAt,
      })
      .where(({ status }, { eq }) => eq(status, 'running'))
      .go({ response: 'none' }),
  );

/**
 * pending or running (only those named in `from`) → failed, with why; no data is kept. False
 * when the generation had already moved on (finished, or begun by its worker).
 */
export const markFailed = (
  generation: GenerationKey,
  error: string,
  from: readonly ('pending' | 'running')[] = ['pending', 'running'],
  extra: { source?: 'openai' | 'offline'; usage?: TokenUsage | null } = {},
): Promise<boolean> =>
  conditionally(() =>
    campaignGenerationEntity()
      .patch(keyOf(generation))
      .set({
        status: 'failed',
        error,
        finishedAt: new Date().toISOString(),
        ...(extra.source ? { source: extra.source } : {}),
        ...(extra.usage ? { usage: extra.usage } : {}),
      })
      .remove(['data'])
      .where(({ status }, { eq }) =>
        from.map((value) => eq(status, value as CampaignGenerationRecord['status'])).join(' OR '),
      )
      .go({ response: 'none' }),
  );
