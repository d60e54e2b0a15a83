import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAKE_USAGE, reply, startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';
import { useLocalTable } from '#test/support/local-table';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { readGeneration } from '#functions/ai/generation-store';
import { CAMPAIGN_RUNS } from '#functions/ai/fair-use';
import { startGeneration } from '#functions/ai/generations';
import { usedToday } from '#functions/domain/plans/daily-counter';
import { jobStarter } from '#functions/integrations/jobs/provider';
import { handler } from './handler';
import { seedCompany } from '#test/support/seed';

vi.mock('#functions/integrations/jobs/provider', () => ({ jobStarter: vi.fn() }));

/**
 * The campaign-generation job as Lambda runs it — the event claimed once, the real OpenAI
 * campaign drafter (the key configured) against a fake of OpenAI's API — and what it leaves on
 * the generation: the answer and its tokens, or the failure's message and a refund.
 */
describe('campaign-generation job with the OpenAI drafter', () => {
  useLocalTable();
  let openai: OpenAiFake;
  let restore: () => void;

  beforeAll(async () => {
    openai = await startOpenAiFake();
    restore = openai.install();
  });
  afterAll(async () => {
    restore();
    await openai.close();
  });
  beforeEach(() => {
    openai.reset();
    vi.mocked(jobStarter).mockResolvedValue({ start: () => Promise.resolve() });
  });

  const pending = async () => {
    const company = await seedCompany({
      description: 'Small-batch roasters in Portland',
      founder: true,
    });
    const { generationId } = await startGeneration(company, {
      companyId: company.companyId,
      prompt: 'Launch our autumn blend',
      campaignIntention: 'product-launch',
      websiteUrls: [],
      mediaAssets: [],
    });
    return { company, generationId };
  };

  // No platform connected, no file, no website: the answer the strict schema allows.
  const answer = {
    campaign: {
      name: 'Autumn Blend Launch',
      description: 'Harbor Coffee launches its autumn blend.',
      campaignIntention: 'product-launch',
      platforms: [],
      contentSeeds: {
        brandVoice: 'Warm and neighbourly.',
        keyMessages: ['Caramel and baked apple in every cup.'],
        contentInstructions: 'Tease it, launch it, share first reactions.',
      },
      mediaAssets: [],
    },
    analysis: {
      promptUnderstanding: 'A launch of the autumn blend.',
      websiteInsights: [],
      recommendedNextSteps: ['Set the campaign Active.'],
      feedbackAnalysis: null,
    },
  };

  it('stores the campaign, its source and the tokens used; a second delivery does nothing', async () => {
    const { company, generationId } = await pending();
    openai.next(reply.json(answer));
    expect(await handler({ generationId })).toEqual({
      status: 'done',
      result: { outcome: 'succeeded' },
    });
    const done = await readGeneration(generationId);
    expect(done).toMatchObject({
      status: 'succeeded',
      source: 'openai',
      usage: { inputTokens: FAKE_USAGE.prompt_tokens, outputTokens: FAKE_USAGE.completion_tokens },
      data: { campaign: { name: 'Autumn Blend Launch', platforms: [] } },
    });
    expect(await handler({ generationId })).toEqual({ status: 'duplicate' });
    expect(openai.requests).toHaveLength(1);
    expect(await usedToday(CAMPAIGN_RUNS, company)).toBe(1);
  });

  it('fails with the refusal’s message, keeping the unit spent', async () => {
    const { company, generationId } = await pending();
    openai.otherwise(reply.refusal());
    await handler({ generationId });
    expect(await readGeneration(generationId)).toMatchObject({
      status: 'failed',
      error: GENERATION_MESSAGES.refused,
    });
    expect(await usedToday(CAMPAIGN_RUNS, company)).toBe(1);
  });

  it('fails as an unusable answer when OpenAI answers what is not the campaign twice, keeping nothing', async () => {
    const { company, generationId } = await pending();
    openai.otherwise(reply.notJson());
    await handler({ generationId });
    const failed = await readGeneration(generationId);
    expect(failed).toMatchObject({ status: 'failed', error: GENERATION_MESSAGES.invalidAnswer });
    expect(failed!.data).toBeUndefined();
    // Asked once more after the first unusable answer, then given up.
    expect(openai.requests).toHaveLength(2);
    expect(await usedToday(CAMPAIGN_RUNS, company)).toBe(1);
  });

  it('fails as unavailable after OpenAI keeps answering 429, and gives the unit back', async () => {
    const { company, generationId } = await pending();
    openai.otherwise(reply.rateLimited());
    await handler({ generationId });
    const failed = await readGeneration(generationId);
    expect(failed).toMatchObject({ status: 'failed', error: GENERATION_MESSAGES.unavailable });
    expect(failed!.data).toBeUndefined();
    expect(openai.requests.length).toBeGreaterThan(1);
    expect(await usedToday(CAMPAIGN_RUNS, company)).toBe(0);
  });
});
