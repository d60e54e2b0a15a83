import type * as z from 'zod';
import type {
  CampaignHistory,
  generateCampaignBody,
  GenerationStarted,
  refineCampaignBody,
} from '#shared/contract/ai';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import type { CampaignGenerationRecord } from '../core/db/entities/campaign-generation';
import type { CompanyRecord } from '../core/db/entities/company';
import { Unavailable } from '../core/errors';
import { refundDaily, spendDaily, type DailySpend } from '../domain/plans/daily-counter';
import { logger } from '../core/logger';
import { ensureMayGenerate } from '../domain/plans/entitlement';
import { jobStarter } from '../integrations/jobs/provider';
import { CAMPAIGN_RUNS } from './fair-use';
import {
  findHistory,
  markFailed,
  newestHistory,
  recordPendingGeneration,
  type GenerationInput,
  type NewGeneration,
} from './generation-store';
import { toGeneration } from './generation-view';

type GenerateBody = z.output<typeof generateCampaignBody>;
type RefineBody = z.output<typeof refineCampaignBody>;

const inputOf = (body: GenerateBody, feedback?: string): GenerationInput => ({
  prompt: body.prompt,
  ...(feedback === undefined ? {} : { feedback }),
  campaignIntention: body.campaignIntention,
  websiteUrls: body.websiteUrls,
  mediaAssets: body.mediaAssets,
});

/**
 * Hands the generation to its worker, the campaign-generation job (a Lambda started
 * asynchronously in AWS, run in the sandbox's own process locally). When it cannot be started the
 * generation fails at once with GENERATION_MESSAGES.notStarted, the fair-use unit is given back,
 * and the owner is told to try again (503) — unless the worker did begin after all (the start
 * reported a failure after queueing it), which then answers as any started generation.
 */
const startWorker = async (generation: CampaignGenerationRecord, spend: DailySpend) => {
  const { generationId } = generation;
  try {
    await (await jobStarter()).start('campaign-generation', { generationId });
    return;
  } catch (error) {
    logger.error('Could not start campaign-generation', { generationId, error: error as Error });
  }
  if (!(await markFailed(generation, GENERATION_MESSAGES.notStarted, ['pending']))) return;
  await refundDaily(spend);
  throw new Unavailable('AI_UNAVAILABLE', GENERATION_MESSAGES.notStarted);
};

/**
 * Starts a generation or refinement: the plan allows AI work (402 otherwise), one fair-use unit
 * is spent atomically before anything else (429 past the day's allowance), a pending generation
 * is recorded, and its worker started. The unit goes back when nothing was started.
 */
const begin = async (
  company: CompanyRecord,
  historyId: string | null,
  generation: Omit<NewGeneration, 'fairUseDay'>,
): Promise<GenerationStarted> => {
  ensureMayGenerate(company);
  const spend = await spendDaily(CAMPAIGN_RUNS, company);
  let record: CampaignGenerationRecord;
  try {
    record = await recordPendingGeneration(company.companyId, historyId, {
      ...generation,
      fairUseDay: spend.day,
    });
  } catch (error) {
    await refundDaily(spend);
    throw error;
  }
  await startWorker(record, spend);
  return { generationId: record.generationId, historyId: record.historyId };
};

/** POST /ai/generate-campaign: version 1 of a new history ('Start New Campaign'). */
export const startGeneration = (
  company: CompanyRecord,
  body: GenerateBody,
): Promise<GenerationStarted> => begin(company, null, { kind: 'generate', input: inputOf(body) });

/**
 * POST /ai/refine-campaign: the next version of the history named (one of the company's own, or
 * 404 GENERATION_NOT_FOUND), or version 1 of a new history when none is named.
 */
export const startRefinement = async (
  company: CompanyRecord,
  body: RefineBody,
): Promise<GenerationStarted> => {
  const history = body.historyId ? await findHistory(company.companyId, body.historyId) : null;
  return begin(company, history?.historyId ?? null, {
    kind: 'refine',
    input: inputOf(body, body.feedback),
    previousCampaign: body.previousCampaign,
  });
};

/** GET /ai/companies/{companyId}/campaign-history. */
export const campaignHistory = async (companyId: string): Promise<CampaignHistory> => {
  const now = Date.now();
  const versions = await newestHistory(companyId, now);
  return {
    historyId: versions[0]?.historyId ?? null,
    versions: versions.map((version) => toGeneration(version, now)),
  };
};
