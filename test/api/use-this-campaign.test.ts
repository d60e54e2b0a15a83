import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignHistory, Generation, GenerationStarted } from '#shared/contract/ai';
import type { Campaign, CampaignList } from '#shared/contract/campaigns';
import { AI_CAMPAIGN_TEXTS } from '#shared/domain/ai-campaigns';
import { dayFromToday, newContentOwner, type ContentOwner } from './content-support';
import { call, runJob, type ApiResult } from './http';

/**
 * 'Use This Campaign' makes one campaign of a version, once: POST /campaigns with `fromGeneration`
 * marks the version in the campaign's own transaction, so a second create from it — a double
 * click, another tab, the same request twice at once — answers 409 and makes nothing. The history
 * says which campaign each version became; deleting that campaign frees the version again.
 */

type ErrorAnswer = { code: string; message: string };

const generatedVersion = async (owner: ContentOwner): Promise<Generation> => {
  const started = await call<GenerationStarted>('POST', '/ai/generate-campaign', {
    token: owner.token,
    body: {
      companyId: owner.companyId,
      prompt: 'Launch our spring menu: a lavender oat latte and a cardamom bun',
      campaignIntention: 'product-launch',
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  for (let poll = 0; poll < 150; poll++) {
    const { body } = await call<Generation>('GET', `/ai/generations/${started.body.generationId}`, {
      token: owner.token,
    });
    if (body.status === 'succeeded') return body;
    if (body.status === 'failed') throw new Error(`generation failed: ${body.error}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the generation did not finish');
};

/** The campaign 'Use This Campaign' creates from a version, as the browser sends it. */
const useVersion = (owner: ContentOwner, version: Generation, token: string = owner.token) =>
  call<Campaign>('POST', '/campaigns', {
    token,
    body: {
      company: owner.companyId,
      name: version.data!.campaign.name,
      description: version.data!.campaign.description,
      campaignIntention: version.data!.campaign.campaignIntention,
      startDate: dayFromToday(0),
      endDate: dayFromToday(30),
      status: 'draft',
      platforms: version.data!.campaign.platforms,
      fromGeneration: version._id,
    },
  });

const historyOf = async (owner: ContentOwner) =>
  (
    await call<CampaignHistory>('GET', `/ai/companies/${owner.companyId}/campaign-history`, {
      token: owner.token,
    })
  ).body;

const campaignCount = async (owner: ContentOwner) =>
  (
    await call<CampaignList>('GET', `/campaigns/company/${owner.companyId}`, {
      token: owner.token,
    })
  ).body.total;

const refusal = (result: ApiResult<unknown>) => result.body as ErrorAnswer;

describe('Use This Campaign: one campaign per version', () => {
  let owner: ContentOwner;
  let version: Generation;

  beforeAll(async () => {
    owner = await newContentOwner({ tier: 'intro' });
    version = await generatedVersion(owner);
  });

  it('a version not yet used says so in the history', async () => {
    const history = await historyOf(owner);
    expect(history.versions.map((item) => [item._id, item.adoptedCampaignId])).toEqual([
      [version._id, null],
    ]);
  });

  it('the same version sent twice at once makes one campaign; the other answers 409', async () => {
    const answers = await Promise.all([useVersion(owner, version), useVersion(owner, version)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const made = answers.find((answer) => answer.status === 201)!.body;
    expect(refusal(answers.find((answer) => answer.status === 409)!)).toMatchObject({
      code: 'GENERATION_ALREADY_USED',
      message: AI_CAMPAIGN_TEXTS.alreadyUsed,
    });
    expect(await campaignCount(owner)).toBe(1);

    // The history names the campaign, so the generator offers Open campaign.
    const history = await historyOf(owner);
    expect(history.versions.find((item) => item._id === version._id)?.adoptedCampaignId).toBe(
      made._id,
    );
    // So does polling the generation.
    const polled = await call<Generation>('GET', `/ai/generations/${version._id}`, {
      token: owner.token,
    });
    expect(polled.body.adoptedCampaignId).toBe(made._id);

    // Later (another tab, coming back): still 409, still one campaign.
    const again = await useVersion(owner, version);
    expect(again.status).toBe(409);
    expect(refusal(again).code).toBe('GENERATION_ALREADY_USED');
    expect(await campaignCount(owner)).toBe(1);

    // A campaign made by hand is not held to any version.
    const manual = await call<Campaign>('POST', '/campaigns', {
      token: owner.token,
      body: {
        company: owner.companyId,
        name: 'By hand',
        startDate: dayFromToday(0),
        endDate: dayFromToday(30),
      },
    });
    expect(manual.status).toBe(201);
    expect(await campaignCount(owner)).toBe(2);
  });

  it('deleting the campaign frees the version (campaign-cleanup clears the mark)', async () => {
    const fresh = await newContentOwner({ tier: 'intro' });
    const freshVersion = await generatedVersion(fresh);
    const first = await useVersion(fresh, freshVersion);
    expect(first.status).toBe(201);

    const removed = await call('DELETE', `/campaigns/${first.body._id}`, { token: fresh.token });
    expect(removed.status).toBe(200);
    // The clean-up DELETE started clears the mark; run again it changes nothing.
    await vi.waitFor(
      async () => {
        const history = await historyOf(fresh);
        expect(history.versions[0]?.adoptedCampaignId).toBeNull();
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(
      await runJob('campaign-cleanup', { companyId: fresh.companyId, campaignId: first.body._id }),
    ).toMatchObject({ status: 'duplicate' });

    const second = await useVersion(fresh, freshVersion);
    expect(second.status).toBe(201);
    expect(second.body._id).not.toBe(first.body._id);
    expect((await historyOf(fresh)).versions[0]?.adoptedCampaignId).toBe(second.body._id);
  });

  it("refuses another company's version, and one that is not a finished version, as not found", async () => {
    const stranger = await newContentOwner({ tier: 'intro' });
    const theirs = await call<Campaign>('POST', '/campaigns', {
      token: stranger.token,
      body: {
        company: stranger.companyId,
        name: 'Not mine',
        startDate: dayFromToday(0),
        endDate: dayFromToday(30),
        fromGeneration: version._id,
      },
    });
    expect(theirs.status).toBe(404);
    expect(refusal(theirs).code).toBe('GENERATION_NOT_FOUND');
    expect(await campaignCount(stranger)).toBe(0);

    const unknown = await call<Campaign>('POST', '/campaigns', {
      token: owner.token,
      body: {
        company: owner.companyId,
        name: 'Nothing',
        startDate: dayFromToday(0),
        endDate: dayFromToday(30),
        fromGeneration: '0190a5b2-0000-7000-8000-000000000000',
      },
    });
    expect(unknown.status).toBe(404);
    expect(refusal(unknown).code).toBe('GENERATION_NOT_FOUND');
  });
});
