import type * as z from 'zod';
import type { generateContentBody } from '#shared/contract/content';
import { campaignDayState } from '#shared/domain/campaign-dates';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { CONTENT_MESSAGES } from '#shared/domain/content';
import { PLATFORMS } from '#shared/domain/tiers';
import type { OwnedCampaign } from '../domain/ownership/owned-campaign';
import { connectedPlatforms } from '../domain/companies/connected-platforms';
import type { ContentGenerationRecord } from '../core/db/entities/content-generation';
import { Conflict, Unavailable } from '../core/errors';
import { logger } from '../core/logger';
import { ensureMayGenerate, ensurePlatformInTier } from '../domain/plans/entitlement';
import {
  refundGenerations,
  spendGenerations,
  type GenerationSpend,
} from '../domain/plans/generation-quota';
import { jobStarter } from '../integrations/jobs/provider';
import { createGeneration, markFailed, pendingGeneration } from './content-generations';

type GenerateBody = z.output<typeof generateContentBody>;

/**
 * What must hold before a post is written for the platform: an active campaign, today inside its
 * dates (its zone), the platform one of the campaign's, connected, and in the company's tier.
 */
const checkMayGenerate = async ({ company, campaign }: OwnedCampaign, body: GenerateBody) => {
  if (campaign.status !== 'active') {
    throw new Conflict('CAMPAIGN_NOT_ACTIVE', CONTENT_MESSAGES.campaignNotActive);
  }
  const day = campaignDayState(campaign);
  if (day !== 'running') {
    throw new Conflict(
      'CAMPAIGN_NOT_RUNNING',
      day === 'ended' ? CONTENT_MESSAGES.campaignEnded : CONTENT_MESSAGES.campaignNotStarted,
    );
  }
  if (!campaign.platforms.includes(body.platform)) {
    throw new Conflict('PLATFORM_NOT_IN_CAMPAIGN', CONTENT_MESSAGES.platformNotInCampaign, {
      platform: CONTENT_MESSAGES.platformNotInCampaign,
    });
  }
  if (!(await connectedPlatforms(company.companyId)).has(body.platform)) {
    const message = `Please connect to ${PLATFORMS[body.platform].name} first`;
    throw new Conflict('PLATFORM_NOT_CONNECTED', message, { platform: message });
  }
  // A lapsed plan says so (402) before its fallback tier refuses the platform.
  ensureMayGenerate(company);
  ensurePlatformInTier(company, body.platform);
};

/**
 * Hands the generation to its worker. When the worker cannot be started the generation fails at
 * once, the generation is given back to the day, and the owner is told to try again (503) —
 * unless the worker did begin after all, which then answers as any started generation.
 */
const startWorker = async (generation: ContentGenerationRecord, spend: GenerationSpend) => {
  const { generationId } = generation;
  try {
    await (await jobStarter()).start('content-generation', { generationId });
    return;
  } catch (error) {
    logger.error('Could not start content-generation', { generationId, error: error as Error });
  }
  if (!(await markFailed(generation, GENERATION_MESSAGES.notStarted, ['pending']))) return;
  await refundGenerations(spend);
  throw new Unavailable('AI_UNAVAILABLE', GENERATION_MESSAGES.notStarted);
};

/**
 * POST /campaigns/{id}/generate: the checks, one generation counted against today's limit
 * (atomically, so concurrent calls never pass it), a pending generation recorded, and its worker
 * started. The generation goes back to the day when nothing was started.
 */
export const startContentGeneration = async (
  owned: OwnedCampaign,
  body: GenerateBody,
): Promise<{ generationId: string }> => {
  await checkMayGenerate(owned, body);
  const spend = await spendGenerations(owned.company);
  const generation = pendingGeneration({
    kind: 'content',
    companyId: owned.company.companyId,
    campaignId: owned.campaign.campaignId,
    platform: body.platform,
    sendNotification: body.sendNotification,
    quotaDay: spend.day,
  });
  try {
    await createGeneration(generation);
  } catch (error) {
    await refundGenerations(spend);
    throw error;
  }
  await startWorker(generation, spend);
  return { generationId: generation.generationId };
};
