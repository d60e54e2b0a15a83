import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startOpenAiFake, type OpenAiFake } from '#test/support/openai-fake';
import { useLocalTable } from '#test/support/local-table';
import { GENERATION_MESSAGES } from '#shared/domain/ai-campaigns';
import { CONTENT_GENERATION_MESSAGES } from '#shared/domain/content';
import {
  createGeneration,
  pendingGeneration,
  readContentGeneration,
} from '#functions/content/content-generations';
import { listContent, recordDraft } from '#functions/content/content-store';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { type CompanyRecord } from '#functions/core/db/entities/company';
import { contentEntity } from '#functions/core/db/entities/content';
import { generationsUsedToday, spendGenerations } from '#functions/domain/plans/generation-quota';
import { handler } from './handler';
import { seedCompany } from '#test/support/seed';
import { logLinesOf } from '#test/support/log-lines';

/**
 * The content-generation job as Lambda runs it — the event claimed once, the real OpenAI post
 * drafter (the key configured) against a fake of OpenAI's API — and what it leaves: one post
 * under the generation's id, or the failure's message with the day's generation given back.
 */
describe('content-generation job with the OpenAI drafter', () => {
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
  beforeEach(() => openai.reset());

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

  const companyWithCampaign = async () => {
    const company = await seedCompany({
      description: 'Small-batch roasters in Portland',
      brandVoice: 'Warm and neighbourly',
      founder: true,
    });
    const campaignId = randomUUID();
    await campaignEntity()
      .create({
        companyId: company.companyId,
        campaignId,
        name: 'Autumn blend',
        status: 'active',
        platforms: ['twitter'],
        startDate: day(-1),
        endDate: day(30),
        contentSeeds: {
          brandVoice: 'Warm',
          keyMessages: ['Caramel and baked apple in every cup'],
          contentInstructions: 'Short and friendly',
        },
      })
      .go();
    return { company, campaignId };
  };

  /** A generation as POST /generate records it: the day's generation spent, then pending. */
  const pending = async (
    company: CompanyRecord,
    campaignId: string,
    revises?: { contentId: string; version: number },
  ) => {
    const spend = await spendGenerations(company);
    const generation = pendingGeneration({
      kind: revises ? 'revision' : 'content',
      companyId: company.companyId,
      campaignId,
      platform: 'twitter',
      ...(revises ? { revises } : {}),
      sendNotification: false,
      quotaDay: spend.day,
    });
    await createGeneration(generation);
    return generation.generationId;
  };

  const posts = async (company: CompanyRecord, campaignId: string) =>
    (await listContent(company.companyId, campaignId, {}, { limit: 20 })).data;

  it('writes one post under the generation’s id; a second delivery writes nothing', async () => {
    const { company, campaignId } = await companyWithCampaign();
    const generationId = await pending(company, campaignId);
    openai.next(reply.json({ text: 'Autumn is in the cup: caramel and baked apple. #coffee' }));
    expect(await handler({ generationId })).toEqual({
      status: 'done',
      result: { outcome: 'succeeded' },
    });
    expect(await readContentGeneration(generationId)).toMatchObject({
      status: 'succeeded',
      written: true,
      source: 'openai',
      notification: 'off',
    });
    expect(await posts(company, campaignId)).toEqual([
      expect.objectContaining({
        contentId: generationId,
        status: 'draft',
        content: 'Autumn is in the cup: caramel and baked apple. #coffee',
        generation: { source: 'openai', generationId },
      }),
    ]);
    // The prompt carries the campaign's seeds.
    expect(JSON.stringify(openai.requests[0]!.body)).toContain('Caramel and baked apple');

    expect(await handler({ generationId })).toEqual({ status: 'duplicate' });
    expect(await posts(company, campaignId)).toHaveLength(1);
    expect(openai.requests).toHaveLength(1);
    expect((await generationsUsedToday(company)).used).toBe(1);
  });

  it('counts each post drafted, with how long the drafter took, and no post it could not draft', async () => {
    const { company, campaignId } = await companyWithCampaign();
    const drafted = await pending(company, campaignId);
    openai.next(reply.json({ text: 'Autumn is in the cup. #coffee' }));
    const lines = await logLinesOf(() => handler({ generationId: drafted }));
    expect(lines.filter((line) => 'DraftsGenerated' in line)).toEqual([
      expect.objectContaining({ Platform: 'twitter', DraftsGenerated: 1 }),
    ]);
    const [latency] = lines.filter((line) => 'DraftLatency' in line);
    expect(latency).toMatchObject({ Platform: 'twitter' });
    expect(latency!.DraftLatency).toBeGreaterThanOrEqual(0);

    // Another company: Intro's one generation a day is spent.
    const other = await companyWithCampaign();
    const refused = await pending(other.company, other.campaignId);
    openai.otherwise({ kind: 'status', status: 503, message: 'Overloaded' });
    const failed = await logLinesOf(() => handler({ generationId: refused }));
    expect(failed.filter((line) => 'DraftsGenerated' in line)).toEqual([]);
  });

  it('fails as unavailable when OpenAI keeps answering 5xx, and gives the day’s generation back', async () => {
    const { company, campaignId } = await companyWithCampaign();
    const generationId = await pending(company, campaignId);
    openai.otherwise({ kind: 'status', status: 503, message: 'Overloaded' });
    await handler({ generationId });
    expect(await readContentGeneration(generationId)).toMatchObject({
      status: 'failed',
      error: GENERATION_MESSAGES.unavailable,
    });
    expect(await posts(company, campaignId)).toEqual([]);
    expect((await generationsUsedToday(company)).used).toBe(0);
  });

  it('fails with the refusal’s message and gives the generation back (the prompt was ours)', async () => {
    const { company, campaignId } = await companyWithCampaign();
    const generationId = await pending(company, campaignId);
    openai.otherwise(reply.refusal());
    await handler({ generationId });
    expect(await readContentGeneration(generationId)).toMatchObject({
      status: 'failed',
      error: GENERATION_MESSAGES.refused,
    });
    expect((await generationsUsedToday(company)).used).toBe(0);
  });

  it('leaves a post alone that was reviewed while its revision was being written', async () => {
    const { company, campaignId } = await companyWithCampaign();
    const post = await recordDraft({
      companyId: company.companyId,
      campaignId,
      platform: 'twitter',
      content: 'The first draft',
      source: 'offline',
    });
    const key = { companyId: company.companyId, campaignId, contentId: post.contentId };
    await contentEntity()
      .patch(key)
      .set({ status: 'modify' })
      .append({ modificationHistory: [{ date: day(0), status: 'modify', comment: 'Shorter' }] })
      .go();
    const generationId = await pending(company, campaignId, {
      contentId: post.contentId,
      version: 1,
    });
    // Approved in another tab before the worker ran.
    await contentEntity().patch(key).set({ status: 'approved' }).go();
    await handler({ generationId });
    expect(await readContentGeneration(generationId)).toMatchObject({
      status: 'failed',
      error: CONTENT_GENERATION_MESSAGES.changedMeanwhile,
    });
    expect(openai.requests).toHaveLength(0);
    const { data } = await contentEntity().get(key).go();
    expect(data).toMatchObject({ status: 'approved', content: 'The first draft', version: 1 });
  });

  it('revises a post sent back with feedback: the feedback is in the prompt, the answer is the next version', async () => {
    const { company, campaignId } = await companyWithCampaign();
    const post = await recordDraft({
      companyId: company.companyId,
      campaignId,
      platform: 'twitter',
      content: 'The first draft, a little long and formal',
      source: 'offline',
    });
    const key = { companyId: company.companyId, campaignId, contentId: post.contentId };
    await contentEntity()
      .patch(key)
      .set({ status: 'modify' })
      .append({
        modificationHistory: [
          {
            date: day(0),
            status: 'modify',
            comment: 'Mention the oat latte',
            modifyAspects: ['messaging'],
          },
        ],
      })
      .go();
    const generationId = await pending(company, campaignId, {
      contentId: post.contentId,
      version: 1,
    });
    openai.next(reply.json({ text: 'Oat latte season is here. #coffee' }));
    await handler({ generationId });
    expect(JSON.stringify(openai.requests[0]!.body)).toContain('Mention the oat latte');
    const { data } = await contentEntity().get(key).go();
    expect(data).toMatchObject({
      status: 'draft',
      version: 2,
      content: 'Oat latte season is here. #coffee',
    });
    expect(data!.modificationHistory.at(-1)).toMatchObject({
      status: 'draft',
      comment: 'Revised by the AI',
    });
  });
});
