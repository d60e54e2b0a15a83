import { beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  CampaignHistory,
  CampaignSuggestions,
  Generation,
  GenerationStarted,
  MediaAnalysis,
} from '#shared/contract/ai';
import {
  AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY,
  AI_CAMPAIGN_TEXTS,
  AI_HISTORY_VERSIONS_MAX,
  AI_SUGGESTIONS_MAX,
  AI_SUGGESTIONS_MIN,
  GENERATION_LOST_AFTER_MS,
  GENERATION_MESSAGES,
} from '#shared/domain/ai-campaigns';
import { localDayOf } from '#functions/domain/plans/local-day';
import { zoneName } from '#shared/domain/time-zones';
import { makePng } from '../e2e/images';
import {
  companyPartitionSize,
  dailyUse,
  expireGeneration,
  generationRecord,
  generationRefExists,
  keptSuggestions,
  loseGeneration,
  replaceKeptSuggestions,
  seedHistory,
  setDailyUse,
  setPlan,
} from './db';
import { registerOrdinaryUser } from './accounts-support';
import { call, runJob, type ApiResult } from './http';
import { connectAccount } from './platforms-support';

/**
 * The AI campaign generator through the API: generate and refine answer 202 at once and a job
 * drafts in the background (the offline drafter in the sandbox); the generation is polled until
 * it succeeds; every version is kept per company as its history; fair use is counted per company
 * per local day, atomically; ideas are kept for the day; images are described at once.
 */

const ZONE = 'America/Chicago';
const RUNS = 'ai-campaign-runs';
const ANALYSES = 'ai-media-analyses';

interface Owner {
  token: string;
  userId: string;
  companyId: string;
}

type ErrorAnswer = { code: string; message: string; fields?: Record<string, string> };

/**
 * An ordinary account (not one of the first 50, whose companies never lapse) with a company in
 * Chicago time, on its trial (Intro: X), and X connected.
 */
const newOwner = async (): Promise<Owner> => {
  const { token, user } = await registerOrdinaryUser();
  const company = await call<{ _id: string }>('POST', '/companies', {
    token,
    body: {
      name: 'Harbor Coffee',
      description: 'Small-batch roasters in Portland',
      brandVoice: 'Warm and neighbourly',
      timeZone: ZONE,
    },
  });
  if (company.status !== 201) throw new Error(`company not created: ${company.status}`);
  const owner = { token, userId: user._id, companyId: company.body._id };
  await connectAccount(owner, 'twitter');
  return owner;
};

const today = () => localDayOf(Date.now(), ZONE).day;
/** Today's counting day of a daily allowance, named as the counter names it: by its end. */
const countingDay = () => localDayOf(Date.now(), ZONE).endsAt.toISOString();

const generate = (owner: Owner, fields: Record<string, unknown> = {}) =>
  call<GenerationStarted>('POST', '/ai/generate-campaign', {
    token: owner.token,
    body: {
      companyId: owner.companyId,
      prompt: 'Launch our spring menu: a lavender oat latte and a cardamom bun',
      campaignIntention: 'product-launch',
      ...fields,
    },
  });

const started = async (result: Promise<ApiResult<GenerationStarted>>) => {
  const answer = await result;
  if (answer.status !== 202) throw new Error(`not started: ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const getGeneration = (owner: Owner, generationId: string) =>
  call<Generation>('GET', `/ai/generations/${generationId}`, { token: owner.token });

/** Polls as the browser does until the generation has finished. */
const finished = async (owner: Owner, generationId: string): Promise<Generation> => {
  for (let poll = 0; poll < 150; poll++) {
    const { status, body } = await getGeneration(owner, generationId);
    expect(status).toBe(200);
    if (body.status === 'succeeded' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`generation ${generationId} did not finish`);
};

const history = (owner: Owner) =>
  call<CampaignHistory>('GET', `/ai/companies/${owner.companyId}/campaign-history`, {
    token: owner.token,
  });

const refused = (result: ApiResult<unknown>) => result.body as ErrorAnswer;

describe('generating and refining a campaign', () => {
  let owner: Owner;
  let first: Generation;

  beforeAll(async () => {
    owner = await newOwner();
  });

  it('answers 202 at once, then the job drafts the whole campaign with its analysis', async () => {
    const site = inject('testSiteOrigin');
    const { generationId, historyId } = await started(
      generate(owner, {
        websiteUrls: [`${site}/`, `${site}/to-private`],
        mediaAssets: [
          { fileName: 'latte.jpg', type: 'image', description: 'The lavender latte' },
          { fileName: 'bakery.mp4', type: 'video' },
        ],
      }),
    );
    first = await finished(owner, generationId);

    expect(first).toMatchObject({
      _id: generationId,
      historyId,
      companyId: owner.companyId,
      kind: 'generate',
      version: 1,
      status: 'succeeded',
      stage: 'done',
      progress: 100,
      error: null,
      source: 'offline',
      input: {
        prompt: 'Launch our spring menu: a lavender oat latte and a cardamom bun',
        feedback: null,
        campaignIntention: 'product-launch',
      },
    });
    expect(first.finishedAt).toEqual(expect.any(String));
    const { campaign, analysis } = first.data!;
    expect(campaign.name).toBeTruthy();
    expect(campaign.campaignIntention).toBe('product-launch');
    // Only what the company has connected and its plan (Intro) allows.
    expect(campaign.platforms).toEqual(['twitter']);
    expect(campaign.mediaAssets.map(({ fileName, type }) => ({ fileName, type }))).toEqual([
      { fileName: 'latte.jpg', type: 'image' },
      { fileName: 'bakery.mp4', type: 'video' },
    ]);
    expect(campaign.contentSeeds.keyMessages.length).toBeGreaterThan(0);
    expect(analysis.promptUnderstanding).toBeTruthy();
    // One insight per website, in order: a page that cannot be read is left out, not fatal.
    expect(analysis.websiteInsights).toEqual([
      expect.objectContaining({ url: `${site}/`, status: 'read', error: null }),
      {
        url: `${site}/to-private`,
        status: 'failed',
        insights: [],
        error: GENERATION_MESSAGES.websiteUnreadable,
      },
    ]);
    expect(analysis.websiteInsights[0]!.insights.length).toBeGreaterThan(0);
    expect(analysis.feedbackAnalysis).toBeNull();

    // Kept with the generation: the tokens (none offline) and the day it was counted on (named
    // by its end: the next midnight in the company's zone).
    const record = await generationRecord(generationId);
    expect(record).toMatchObject({ status: 'succeeded', fairUseDay: countingDay() });
    expect(record!.expiresAt * 1000).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('refines into version 2 of the same history, with the feedback’s analysis', async () => {
    const { generationId, historyId } = await started(
      call<GenerationStarted>('POST', '/ai/refine-campaign', {
        token: owner.token,
        body: {
          companyId: owner.companyId,
          prompt: first.input.prompt,
          campaignIntention: 'product-launch',
          feedback: 'I love the latte angle, but it is too formal. Mention the bun more.',
          previousCampaign: first.data!.campaign,
          historyId: first.historyId,
          mediaAssets: first.input.mediaAssets,
        },
      }),
    );
    expect(historyId).toBe(first.historyId);
    const second = await finished(owner, generationId);
    expect(second).toMatchObject({
      kind: 'refine',
      version: 2,
      status: 'succeeded',
      input: { feedback: 'I love the latte angle, but it is too formal. Mention the bun more.' },
    });
    const feedback = second.data!.analysis.feedbackAnalysis!;
    expect(feedback.sentimentScore).toBeGreaterThanOrEqual(0);
    expect(feedback.sentimentScore).toBeLessThanOrEqual(1);
    expect(feedback.keyPoints.length).toBeGreaterThan(0);
    expect(second.data!.campaign.mediaAssets).toHaveLength(2);

    // The history: both versions, oldest first.
    const answer = await history(owner);
    expect(answer.status).toBe(200);
    expect(answer.body.historyId).toBe(first.historyId);
    expect(answer.body.versions.map((version) => [version.version, version._id])).toEqual([
      [1, first._id],
      [2, generationId],
    ]);
  });

  it('a second delivery of the job’s event changes nothing', async () => {
    const before = await getGeneration(owner, first._id);
    expect((await runJob('campaign-generation', { generationId: first._id })).status).toBe(
      'duplicate',
    );
    expect((await getGeneration(owner, first._id)).body).toEqual(before.body);
  });

  it('“Start New Campaign” is a new history, which the history then answers', async () => {
    const { generationId, historyId } = await started(generate(owner));
    expect(historyId).not.toBe(first.historyId);
    await finished(owner, generationId);
    const answer = await history(owner);
    expect(answer.body.historyId).toBe(historyId);
    expect(answer.body.versions.map((version) => version._id)).toEqual([generationId]);

    // A refinement without a history starts one of its own.
    const alone = await started(
      call<GenerationStarted>('POST', '/ai/refine-campaign', {
        token: owner.token,
        body: {
          companyId: owner.companyId,
          prompt: 'Spring menu',
          feedback: 'Shorter',
          previousCampaign: first.data!.campaign,
        },
      }),
    );
    expect(alone.historyId).not.toBe(historyId);
    expect(await finished(owner, alone.generationId)).toMatchObject({ version: 1, kind: 'refine' });
  });

  it('counts each generation and refinement once on the company’s day', async () => {
    // Four started above, none given back.
    expect(await dailyUse(owner.companyId, RUNS)).toBe(4);
  });
});

describe('a company without history', () => {
  it('answers no history before its first generation', async () => {
    const owner = await newOwner();
    expect((await history(owner)).body).toEqual({ historyId: null, versions: [] });
  });

  it('keeps at most AI_HISTORY_VERSIONS_MAX versions of a history, the newest', async () => {
    const owner = await newOwner();
    const { historyId, generationIds } = await seedHistory(
      owner.companyId,
      AI_HISTORY_VERSIONS_MAX + 1,
    );
    const answer = await history(owner);
    expect(answer.body.historyId).toBe(historyId);
    expect(answer.body.versions.map((version) => version.version)).toEqual(
      Array.from({ length: AI_HISTORY_VERSIONS_MAX }, (_, index) => index + 2),
    );
    // A refinement takes the next number.
    const next = await started(
      call<GenerationStarted>('POST', '/ai/refine-campaign', {
        token: owner.token,
        body: {
          companyId: owner.companyId,
          prompt: 'Spring menu',
          feedback: 'More about the bun',
          historyId,
          previousCampaign: { name: 'Spring menu v21' },
        },
      }),
    );
    expect(await finished(owner, next.generationId)).toMatchObject({
      version: AI_HISTORY_VERSIONS_MAX + 2,
      status: 'succeeded',
    });
    expect(generationIds).toHaveLength(AI_HISTORY_VERSIONS_MAX + 1);
  });

  it('ignores expired generations: 404 by id, left out of the history, not refinable', async () => {
    const owner = await newOwner();
    const { historyId, generationIds } = await seedHistory(owner.companyId, 2);
    await expireGeneration(generationIds[0]!);
    expect(refused(await getGeneration(owner, generationIds[0]!)).code).toBe(
      'GENERATION_NOT_FOUND',
    );
    expect((await history(owner)).body.versions.map((version) => version._id)).toEqual([
      generationIds[1],
    ]);
    await expireGeneration(generationIds[1]!);
    expect((await history(owner)).body).toEqual({ historyId: null, versions: [] });
    const refine = await call('POST', '/ai/refine-campaign', {
      token: owner.token,
      body: {
        companyId: owner.companyId,
        prompt: 'Spring menu',
        feedback: 'Warmer',
        historyId,
        previousCampaign: { name: 'Spring menu' },
      },
    });
    expect(refine.status).toBe(404);
    expect(refused(refine).code).toBe('GENERATION_NOT_FOUND');
  });
});

describe('validation', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  const fieldsOf = (result: ApiResult<unknown>) => {
    expect(result.status).toBe(400);
    expect(refused(result).code).toBe('VALIDATION_FAILED');
    return refused(result).fields;
  };

  it('says the spec’s words for a blank description and a missing company', async () => {
    expect(fieldsOf(await generate(owner, { prompt: '   \n ' }))).toEqual({
      prompt: AI_CAMPAIGN_TEXTS.descriptionRequired,
    });
    const noCompany = await call('POST', '/ai/generate-campaign', {
      token: owner.token,
      body: { prompt: 'Spring menu' },
    });
    expect(fieldsOf(noCompany)).toEqual({ companyId: AI_CAMPAIGN_TEXTS.companyRequired });
  });

  it('says the spec’s words for blank feedback and a missing campaign to refine', async () => {
    const base = { companyId: owner.companyId, prompt: 'Spring menu' };
    const blank = await call('POST', '/ai/refine-campaign', {
      token: owner.token,
      body: { ...base, feedback: '  ', previousCampaign: { name: 'Spring menu' } },
    });
    expect(fieldsOf(blank)).toEqual({ feedback: AI_CAMPAIGN_TEXTS.feedbackRequired });
    const nothing = await call('POST', '/ai/refine-campaign', {
      token: owner.token,
      body: { ...base, feedback: 'Warmer' },
    });
    expect(fieldsOf(nothing)).toEqual({ previousCampaign: AI_CAMPAIGN_TEXTS.noCampaignToRefine });
  });

  it('spends nothing on a refused request', async () => {
    expect(await dailyUse(owner.companyId, RUNS)).toBe(0);
  });
});

describe('tenancy', () => {
  let owner: Owner;
  let stranger: Owner;
  let generation: GenerationStarted;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newOwner(), newOwner()]);
    generation = await started(generate(owner));
    await finished(owner, generation.generationId);
  });

  it('answers another user’s company 404, whatever the route', async () => {
    const notFound = (result: ApiResult<unknown>) => {
      expect(result.status).toBe(404);
      expect(refused(result).code).toBe('COMPANY_NOT_FOUND');
    };
    notFound(await generate(stranger, { companyId: owner.companyId }));
    notFound(
      await call('GET', `/ai/companies/${owner.companyId}/campaign-history`, {
        token: stranger.token,
      }),
    );
    notFound(
      await call('GET', `/ai/campaign-suggestions/${owner.companyId}`, { token: stranger.token }),
    );
    notFound(
      await call('POST', '/ai/analyze-media', {
        token: stranger.token,
        body: { companyId: owner.companyId, fileName: 'a.png', image: pngDataUrl(8, 8) },
      }),
    );
    expect(await dailyUse(owner.companyId, RUNS)).toBe(1);
  });

  it('answers another user’s generation and history 404', async () => {
    const read = await getGeneration(stranger, generation.generationId);
    expect(read.status).toBe(404);
    expect(refused(read).code).toBe('GENERATION_NOT_FOUND');
    // The stranger's own company, the owner's history: not theirs to add to.
    const refine = await call('POST', '/ai/refine-campaign', {
      token: stranger.token,
      body: {
        companyId: stranger.companyId,
        prompt: 'Spring menu',
        feedback: 'Warmer',
        historyId: generation.historyId,
        previousCampaign: { name: 'Spring menu' },
      },
    });
    expect(refine.status).toBe(404);
    expect(refused(refine).code).toBe('GENERATION_NOT_FOUND');
    expect(await dailyUse(stranger.companyId, RUNS)).toBe(0);
    expect((await history(owner)).body.versions).toHaveLength(1);
  });
});

describe('fair use and plans', () => {
  it('lets 10 simultaneous starts pass only up to the day’s allowance', async () => {
    const owner = await newOwner();
    const left = 3;
    await setDailyUse(owner.companyId, RUNS, AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY - left, ZONE);
    const answers = await Promise.all(Array.from({ length: 10 }, () => generate(owner)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(left).fill(202), ...Array(10 - left).fill(429)]);
    const refusal = answers.find((answer) => answer.status === 429)!;
    expect(refused(refusal)).toMatchObject({
      code: 'AI_FAIR_USE_REACHED',
      message: expect.stringMatching(
        new RegExp(
          `today's ${AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY} AI campaign drafts and refinements .*midnight \\(${zoneName(ZONE)}\\), in \\d+ (hour|minute|second)s?\\.$`,
        ),
      ),
    });
    expect(Number(refusal.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await dailyUse(owner.companyId, RUNS)).toBe(AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY);
    // The three that started all finish.
    for (const answer of answers.filter((one) => one.status === 202)) {
      expect((await finished(owner, answer.body.generationId)).status).toBe('succeeded');
    }
  });

  it('refuses a company whose trial has ended (402) and counts nothing', async () => {
    const owner = await newOwner();
    await setPlan(owner.companyId, {
      trialEndDate: new Date(Date.now() - 86_400_000).toISOString(),
    });
    const result = await generate(owner);
    expect(result.status).toBe(402);
    expect(refused(result).code).toBe('SUBSCRIPTION_REQUIRED');
    const image = await call('POST', '/ai/analyze-media', {
      token: owner.token,
      body: { companyId: owner.companyId, fileName: 'a.png', image: pngDataUrl(8, 8) },
    });
    expect(image.status).toBe(402);
    expect(await dailyUse(owner.companyId, RUNS)).toBe(0);
    expect(await dailyUse(owner.companyId, ANALYSES)).toBe(0);
  });
});

describe('a generation’s life', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  it('finishes without anyone polling it', async () => {
    const { generationId } = await started(generate(owner));
    // The client goes away: no GET until the work is long done.
    for (let wait = 0; wait < 100; wait++) {
      const record = await generationRecord(generationId);
      if (record?.status === 'succeeded' || record?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const later = await getGeneration(owner, generationId);
    expect(later.body).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(later.body.data?.campaign.name).toBeTruthy();
  });

  it('reads a generation whose worker died as failed, with nothing half-made', async () => {
    const { generationId } = await started(generate(owner));
    await finished(owner, generationId);
    await loseGeneration(generationId, GENERATION_LOST_AFTER_MS - 30_000);
    expect((await getGeneration(owner, generationId)).body).toMatchObject({
      status: 'running',
      data: null,
      error: null,
    });
    await loseGeneration(generationId, GENERATION_LOST_AFTER_MS + 1000);
    expect((await getGeneration(owner, generationId)).body).toMatchObject({
      status: 'failed',
      data: null,
      error: GENERATION_MESSAGES.lost,
    });
  });

  it('goes with its company: the generations and their pointers', async () => {
    const doomed = await newOwner();
    const { generationId } = await started(generate(doomed));
    await finished(doomed, generationId);
    const deleted = await call('DELETE', `/companies/${doomed.companyId}`, { token: doomed.token });
    expect(deleted.status).toBe(200);
    expect(refused(await getGeneration(doomed, generationId)).code).toBe('GENERATION_NOT_FOUND');
    for (let wait = 0; wait < 100 && (await companyPartitionSize(doomed.companyId)) > 0; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await companyPartitionSize(doomed.companyId)).toBe(0);
    expect(await generationRefExists(generationId)).toBe(false);
  });
});

/** A real PNG of `width` × `height`, as a data URL. */
const pngDataUrl = (width: number, height: number) =>
  `data:image/png;base64,${makePng(width, height, (x, y) => [x * 4, y * 4, 128]).toString('base64')}`;

describe('POST /ai/analyze-media', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  const analyze = (image: string, fileName = 'latte.png') =>
    call<MediaAnalysis>('POST', '/ai/analyze-media', {
      token: owner.token,
      body: { companyId: owner.companyId, fileName, image },
    });

  it('describes a real image at once, with its size and the company’s platforms', async () => {
    const result = await analyze(pngDataUrl(64, 48));
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      source: 'offline',
      analysis: { width: 64, height: 48, suggestedPlatforms: ['twitter'] },
    });
    expect(result.body.analysis.description).toContain('64×48');
    expect(await dailyUse(owner.companyId, ANALYSES)).toBe(1);
  });

  it('takes an image of about 2 MB (more than the usual body limit)', async () => {
    // Noise does not compress: a 820 × 820 RGB PNG is about 2 MB.
    const noisy = makePng(820, 820, () => [
      Math.floor(Math.random() * 256),
      Math.floor(Math.random() * 256),
      Math.floor(Math.random() * 256),
    ]);
    expect(noisy.length).toBeGreaterThan(1_900_000);
    expect(noisy.length).toBeLessThan(2 * 1024 * 1024);
    const result = await analyze(`data:image/png;base64,${noisy.toString('base64')}`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.analysis).toMatchObject({ width: 820, height: 820 });
  });

  it('refuses what is not the image it says it is, spending nothing', async () => {
    const notPng = await analyze(
      `data:image/png;base64,${Buffer.from('%PDF-1.7 not a picture at all').toString('base64')}`,
    );
    expect(notPng.status).toBe(400);
    expect(refused(notPng)).toMatchObject({
      code: 'MEDIA_INVALID',
      fields: { image: 'The image is not the JPEG, PNG, GIF or WebP file it says it is' },
    });
    // A PNG declared as a JPEG.
    const wrongType = await analyze(pngDataUrl(8, 8).replace('image/png', 'image/jpeg'));
    expect(refused(wrongType).code).toBe('MEDIA_INVALID');
    // Not an image type at all: the contract refuses it.
    const text = await analyze(`data:text/plain;base64,${Buffer.from('hello').toString('base64')}`);
    expect(text.status).toBe(400);
    expect(refused(text).fields).toEqual({
      image: 'The image must be a JPEG, PNG, GIF or WebP data URL',
    });
    // The two described above, nothing more.
    expect(await dailyUse(owner.companyId, ANALYSES)).toBe(2);
  });
});

describe('GET /ai/campaign-suggestions/{companyId}', () => {
  it('answers three to five ideas, then the day’s ideas again from where they were kept', async () => {
    const owner = await newOwner();
    const first = await call<CampaignSuggestions>(
      'GET',
      `/ai/campaign-suggestions/${owner.companyId}`,
      { token: owner.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.source).toBe('offline');
    expect(first.body.suggestions.length).toBeGreaterThanOrEqual(AI_SUGGESTIONS_MIN);
    expect(first.body.suggestions.length).toBeLessThanOrEqual(AI_SUGGESTIONS_MAX);
    for (const idea of first.body.suggestions) expect(idea.trim()).toBe(idea);

    expect((await keptSuggestions(owner.companyId, today()))?.suggestions).toEqual(
      first.body.suggestions,
    );
    // Proof that the second answer is the kept one: change what is kept.
    const kept = ['A harbour breakfast week', 'Meet the roaster', 'Spring cold brew'];
    await replaceKeptSuggestions(owner.companyId, today(), kept);
    const second = await call<CampaignSuggestions>(
      'GET',
      `/ai/campaign-suggestions/${owner.companyId}`,
      { token: owner.token },
    );
    expect(second.body).toEqual({ suggestions: kept, source: 'offline' });
  });
});
