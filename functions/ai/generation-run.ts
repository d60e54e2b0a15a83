import type { Logger } from '@aws-lambda-powertools/logger';
import {
  GENERATION_MESSAGES,
  GENERATION_STAGES,
  type GenerationStage,
} from '#shared/domain/ai-campaigns';
import { config } from '../core/config';
import { draftablePlatforms } from '../domain/companies/connected-platforms';
import type { CampaignGenerationRecord } from '../core/db/entities/campaign-generation';
import { companyEntity } from '../core/db/entities/company';
import { refundDaily } from '../domain/plans/daily-counter';
import {
  type CampaignDraftInput,
  type CampaignDraftResult,
  type WebsiteReading,
} from '../integrations/ai/campaign-drafter';
import { drafterFailureOf } from '../integrations/ai/drafter-failure';
import { summarisePage } from '../integrations/ai/page-summary';
import { campaignDrafter } from '../integrations/ai/provider';
import { checkDraft } from './draft-check';
import { drafterCompanyOf } from '../domain/companies/drafter-company';
import { recentCampaignNames } from './drafter-context';
import { CAMPAIGN_RUNS } from './fair-use';
import {
  markFailed,
  markRunning,
  markSucceeded,
  readGeneration,
  setStage,
} from './generation-store';
import { isLost } from '#shared/domain/ai-campaigns';
import { fetchPublicPage } from './safe-fetch';

/** The progress bar's position at each stage. */
export const STAGE_PROGRESS: Record<GenerationStage, number> = {
  queued: 0,
  'reading-websites': 15,
  drafting: 40,
  checking: 85,
  done: 100,
};

export type RunOutcome =
  'gone' | 'already-finished' | 'lost' | 'succeeded' | 'refused' | 'invalid-answer' | 'unavailable';

/** Reads each website through the SSRF-safe reader; a page that cannot be read is left out, never fatal. */
export const readWebsites = (urls: readonly string[], logger: Logger): Promise<WebsiteReading[]> =>
  Promise.all(
    urls.map(async (url): Promise<WebsiteReading> => {
      try {
        const page = await fetchPublicPage(url, { allowOrigins: config().FETCH_ALLOW_ORIGINS });
        return { url, status: 'read', page: summarisePage(page.url, page.html) };
      } catch (error) {
        logger.info('A website of the generation could not be read', {
          url,
          reason: (error as Error).message,
        });
        return { url, status: 'failed', error: GENERATION_MESSAGES.websiteUnreadable };
      }
    }),
  );

/**
 * The campaign-generation job's work for one generation. Safe to run twice: a generation that is
 * gone or finished is left alone, every move is a conditional write on the status it moves from,
 * and nothing half-made is kept (a failed generation has no data).
 *
 * Failures are the generation's, not the job's: a refusal or an unusable answer fails it for good
 * (the owner rewords), an unavailable drafter fails it with "try again in a minute" and gives the
 * fair-use unit back (the owner did nothing wrong, and retrying on their behalf could outlast
 * GENERATION_LOST_AFTER_MS). Only a failure to write to the table is thrown, for the deliverer's
 * retry.
 */
export const runGeneration = async (generationId: string, logger: Logger): Promise<RunOutcome> => {
  const generation = await readGeneration(generationId);
  if (!generation) return 'gone';
  if (generation.status === 'succeeded' || generation.status === 'failed') {
    return 'already-finished';
  }
  if (isLost(generation)) {
    // Too late to finish: the owner has already been told it stopped.
    await markFailed(generation, GENERATION_MESSAGES.lost);
    return 'lost';
  }
  const { data: company } = await companyEntity()
    .get({ companyId: generation.companyId })
    .go({ consistent: true });
  if (!company || company.deletedAt) return 'gone';

  const startedAt = new Date().toISOString();
  if (
    !(await markRunning(
      generation,
      'reading-websites',
      STAGE_PROGRESS['reading-websites'],
      startedAt,
    ))
  ) {
    return 'already-finished';
  }
  const running: CampaignGenerationRecord = { ...generation, status: 'running', startedAt };

  const fail = async (
    message: string,
    refund: boolean,
    extra?: Parameters<typeof markFailed>[3],
  ): Promise<void> => {
    const failed = await markFailed(running, message, ['running'], extra);
    if (failed && refund) {
      await refundDaily({
        companyId: running.companyId,
        counter: CAMPAIGN_RUNS.counter,
        day: running.fairUseDay,
      });
    }
  };

  const onStage = async (stage: GenerationStage) => {
    if (!GENERATION_STAGES.includes(stage) || stage === 'done') return;
    try {
      await setStage(running, stage, STAGE_PROGRESS[stage]);
    } catch (error) {
      // Progress is a nicety: a failed write of it never stops the draft.
      logger.warn('Could not record a generation stage', { stage, error: error as Error });
    }
  };

  const [websites, allowedPlatforms, recentCampaigns, drafter] = await Promise.all([
    readWebsites(generation.input.websiteUrls, logger),
    draftablePlatforms(company),
    recentCampaignNames(company.companyId),
    campaignDrafter(),
  ]);
  await onStage('drafting');

  const input: CampaignDraftInput = {
    company: drafterCompanyOf(company),
    intention: generation.input.campaignIntention,
    prompt: generation.input.prompt,
    allowedPlatforms,
    websites,
    media: generation.input.mediaAssets,
    recentCampaigns,
    ...(generation.kind === 'refine' && generation.previousCampaign
      ? {
          refinement: {
            previous: generation.previousCampaign,
            feedback: generation.input.feedback ?? '',
          },
        }
      : {}),
  };

  let result: CampaignDraftResult;
  try {
    result = await drafter.draftCampaign(input, onStage);
  } catch (error) {
    const failure = drafterFailureOf(error, logger, { generationId });
    // A refusal or an unusable answer is the prompt's; an unavailable AI is not the owner's doing.
    await fail(failure.message, failure.outcome === 'unavailable', { source: drafter.source });
    return failure.outcome;
  }

  const usage = result.usage;
  logger.info('Campaign drafted', {
    generationId,
    source: drafter.source,
    inputTokens: usage?.inputTokens ?? 0,
    outputTokens: usage?.outputTokens ?? 0,
  });

  const checked = checkDraft({ campaign: result.campaign, analysis: result.analysis }, input);
  if (!checked.ok) {
    logger.warn('The drafted campaign broke the rules', {
      generationId,
      problems: checked.problems,
    });
    await fail(GENERATION_MESSAGES.invalidAnswer, false, { source: drafter.source, usage });
    return 'invalid-answer';
  }
  if (isLost(running)) {
    // Finished after the owner was told it stopped: keep to what they were told.
    await fail(GENERATION_MESSAGES.lost, false, { source: drafter.source, usage });
    return 'lost';
  }
  const finishedAt = new Date().toISOString();
  if (
    !(await markSucceeded(running, {
      data: checked.data,
      source: drafter.source,
      usage,
      finishedAt,
    }))
  ) {
    return 'already-finished';
  }
  return 'succeeded';
};
