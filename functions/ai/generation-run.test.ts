import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { GENERATION_LOST_AFTER_MS, GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { type CompanyRecord } from '#functions/core/db/entities/company';
import { campaignGenerationEntity } from '#functions/core/db/entities/campaign-generation';
import { Unavailable } from '#functions/core/errors';
import { usedToday } from '#functions/domain/plans/daily-counter';
import { logger } from '#functions/core/logger';
import {
  DrafterInvalidAnswer,
  DrafterRefused,
  DrafterUnavailable,
  type CampaignDrafter,
  type CampaignDraftResult,
} from '#functions/integrations/ai/campaign-drafter';
import { campaignDrafter } from '#functions/integrations/ai/provider';
import { jobStarter } from '#functions/integrations/jobs/provider';
import { CAMPAIGN_RUNS } from './fair-use';
import { runGeneration } from './generation-run';
import { readGeneration } from './generation-store';
import { startGeneration } from './generations';
import { seedCompany } from '#test/support/seed';

vi.mock('#functions/integrations/ai/provider', () => ({ campaignDrafter: vi.fn() }));
vi.mock('#functions/integrations/jobs/provider', () => ({ jobStarter: vi.fn() }));

/**
 * A generation's start and its worker against DynamoDB Local, with a drafter and a job starter
 * the test controls: the conditional moves, what failures leave behind, and the fair-use refunds.
 */
describe('starting and running a campaign generation', () => {
  useLocalTable();

  const start = vi.fn<(job: string, event: Record<string, unknown>) => Promise<void>>();
  let draft: CampaignDrafter['draftCampaign'];

  beforeEach(() => {
    start.mockReset().mockResolvedValue(undefined);
    vi.mocked(jobStarter).mockResolvedValue({ start });
    draft = async () => result();
    vi.mocked(campaignDrafter).mockResolvedValue({
      source: 'openai',
      draftCampaign: (input, onStage) => draft(input, onStage),
      suggestCampaigns: () => Promise.resolve([]),
      describeImage: () => Promise.reject(new Error('not here')),
    });
  });

  const result = (): CampaignDraftResult => ({
    campaign: {
      name: 'Spring menu',
      description: 'Our spring drinks.',
      campaignIntention: 'marketing',
      platforms: ['twitter', 'linkedin'],
      contentSeeds: { brandVoice: 'Warm', keyMessages: ['Fresh'], contentInstructions: '' },
      mediaAssets: [],
    },
    analysis: {
      promptUnderstanding: 'A spring menu',
      websiteInsights: [],
      recommendedNextSteps: [],
      feedbackAnalysis: null,
    },
    usage: { inputTokens: 1200, outputTokens: 340 },
  });

  const newCompany = async (): Promise<CompanyRecord> => {
    return seedCompany({ founder: true, timeZone: 'America/Chicago' });
  };

  const begun = async () => {
    const company = await newCompany();
    const { generationId } = await startGeneration(company, {
      companyId: company.companyId,
      prompt: 'Spring menu',
      campaignIntention: 'marketing',
      websiteUrls: [],
      mediaAssets: [],
    });
    return { company, generationId };
  };

  const used = (company: CompanyRecord) => usedToday(CAMPAIGN_RUNS, company);

  it('records a pending generation, spends one unit and starts the job with its id', async () => {
    const { company, generationId } = await begun();
    expect(start).toHaveBeenCalledWith('campaign-generation', { generationId });
    expect(await readGeneration(generationId)).toMatchObject({ status: 'pending', version: 1 });
    expect(await used(company)).toBe(1);
  });

  it('fails the generation and gives the unit back when the job cannot start (503)', async () => {
    start.mockRejectedValue(new Error('Lambda said no'));
    const company = await newCompany();
    const attempt = startGeneration(company, {
      companyId: company.companyId,
      prompt: 'Spring menu',
      campaignIntention: 'marketing',
      websiteUrls: [],
      mediaAssets: [],
    });
    await expect(attempt).rejects.toThrow(Unavailable);
    await expect(attempt).rejects.toMatchObject({
      code: 'AI_UNAVAILABLE',
      message: GENERATION_MESSAGES.notStarted,
    });
    const { data } = await campaignGenerationEntity()
      .query.byHistory({ companyId: company.companyId })
      .go({ consistent: true });
    expect(data).toMatchObject([{ status: 'failed', error: GENERATION_MESSAGES.notStarted }]);
    expect(await used(company)).toBe(0);
  });

  it('drafts, reports its stages, holds the result to the rules and keeps the tokens used', async () => {
    const { generationId } = await begun();
    const seen: unknown[] = [];
    draft = async (_input, onStage) => {
      seen.push(await readGeneration(generationId));
      await onStage?.('checking');
      seen.push(await readGeneration(generationId));
      return result();
    };
    expect(await runGeneration(generationId, logger)).toBe('succeeded');
    expect(seen).toMatchObject([
      { status: 'running', stage: 'drafting', progress: 40 },
      { status: 'running', stage: 'checking', progress: 85 },
    ]);
    const done = await readGeneration(generationId);
    expect(done).toMatchObject({
      status: 'succeeded',
      stage: 'done',
      progress: 100,
      source: 'openai',
      usage: { inputTokens: 1200, outputTokens: 340 },
    });
    // No platform connected: the draft may propose none.
    expect(done!.data!.campaign.platforms).toEqual([]);
    expect(done!.finishedAt).toEqual(expect.any(String));

    // A second run changes nothing.
    draft = () => Promise.reject(new DrafterUnavailable('must not be asked'));
    expect(await runGeneration(generationId, logger)).toBe('already-finished');
    expect(await readGeneration(generationId)).toEqual(done);
  });

  it.each([
    ['a refusal', new DrafterRefused('no'), 'refused', GENERATION_MESSAGES.refused, 1],
    [
      'an unusable answer',
      new DrafterInvalidAnswer('junk'),
      'invalid-answer',
      GENERATION_MESSAGES.invalidAnswer,
      1,
    ],
    [
      'an unavailable drafter',
      new DrafterUnavailable('429'),
      'unavailable',
      GENERATION_MESSAGES.unavailable,
      0,
    ],
    ['a bug', new TypeError('oops'), 'unavailable', GENERATION_MESSAGES.unavailable, 0],
  ])(
    'fails for good on %s, keeping nothing half-made',
    async (_, error, outcome, message, units) => {
      const { company, generationId } = await begun();
      draft = () => Promise.reject(error);
      expect(await runGeneration(generationId, logger)).toBe(outcome);
      const failed = await readGeneration(generationId);
      expect(failed).toMatchObject({ status: 'failed', error: message });
      expect(failed!.data).toBeUndefined();
      expect(await used(company)).toBe(units);
    },
  );

  it('fails a draft that cannot be held to the rules as an unusable answer', async () => {
    const { company, generationId } = await begun();
    draft = async () => ({
      ...result(),
      campaign: { ...result().campaign, contentSeeds: null as never },
    });
    expect(await runGeneration(generationId, logger)).toBe('invalid-answer');
    expect(await readGeneration(generationId)).toMatchObject({
      status: 'failed',
      error: GENERATION_MESSAGES.invalidAnswer,
      usage: { inputTokens: 1200, outputTokens: 340 },
    });
    expect(await used(company)).toBe(1);
  });

  it('does not start what the owner has already been told was lost', async () => {
    const { generationId } = await begun();
    const generation = (await readGeneration(generationId))!;
    await campaignGenerationEntity()
      .patch({
        companyId: generation.companyId,
        historyId: generation.historyId,
        version: generation.version,
      })
      .set({
        status: 'running',
        startedAt: new Date(Date.now() - GENERATION_LOST_AFTER_MS - 1000).toISOString(),
      })
      .go();
    draft = () => Promise.reject(new Error('must not be asked'));
    expect(await runGeneration(generationId, logger)).toBe('lost');
    expect(await readGeneration(generationId)).toMatchObject({
      status: 'failed',
      error: GENERATION_MESSAGES.lost,
    });
  });

  it('leaves an unknown generation alone', async () => {
    expect(await runGeneration(randomUUID(), logger)).toBe('gone');
  });
});
