import { describe, expect, it } from 'vitest';
import type { PlanUsage } from '#shared/contract/companies';
import {
  AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY,
  AI_MEDIA_ANALYSES_PER_COMPANY_PER_DAY,
} from '#shared/domain/ai-campaigns';
import { localDayOf } from '#functions/domain/plans/local-day';
import { makePng } from '../e2e/images';
import { newCampaign, newContentOwner, type ContentOwner } from './content-support';
import { setDailyUse } from './db';
import { call } from './http';

/**
 * A company's daily allowances through a change of its time zone: spending the day and moving
 * the company to a zone where it is still yesterday (or already tomorrow) must not open a new day.
 * The company starts in Chicago.
 */

const CHICAGO = 'America/Chicago';
const ZONES_TO_TRY = ['Etc/GMT+12', 'Pacific/Kiritimati', 'Asia/Tokyo'];

const moveTo = async (owner: ContentOwner, timeZone: string) => {
  const moved = await call('PUT', `/companies/${owner.companyId}`, {
    token: owner.token,
    body: { timeZone },
  });
  expect(moved.status, timeZone).toBe(200);
  expect(moved.body).toMatchObject({ timeZone });
};

const generatePost = (owner: ContentOwner, campaignId: string) =>
  call<{ generationId: string }>('POST', `/campaigns/${campaignId}/generate`, {
    token: owner.token,
    body: { platform: 'twitter', sendNotification: false },
  });

const usageOf = async (owner: ContentOwner) =>
  (await call<PlanUsage>('GET', `/companies/${owner.companyId}/usage`, { token: owner.token }))
    .body;

const chicagoMidnight = () => localDayOf(Date.now(), CHICAGO).endsAt;

/** The refusal names the day's own zone and its end: Chicago's next midnight. */
const expectRefusedUntilChicagoMidnight = (
  answer: { status: number; body: Record<string, unknown>; headers: Headers },
  code: string,
  label: string,
) => {
  expect(answer.status, label).toBe(429);
  expect(answer.body, label).toMatchObject({ code });
  expect(answer.body.message as string, label).toContain('midnight (Chicago time)');
  const retryAfter = Number(answer.headers.get('retry-after'));
  const secondsToMidnight = (chicagoMidnight().getTime() - Date.now()) / 1000;
  expect(Math.abs(retryAfter - secondsToMidnight), label).toBeLessThan(60);
};

describe('daily limits through a change of time zone', () => {
  it("a Gold company's 5 generations stay spent however its zone moves", async () => {
    const owner = await newContentOwner({ tier: 'gold' });
    const campaignId = await newCampaign(owner);
    for (let index = 0; index < 5; index++) {
      expect((await generatePost(owner, campaignId)).status).toBe(202);
    }
    expectRefusedUntilChicagoMidnight(
      await generatePost(owner, campaignId),
      'GENERATION_LIMIT_REACHED',
      CHICAGO,
    );
    for (const timeZone of ZONES_TO_TRY) {
      await moveTo(owner, timeZone);
      expectRefusedUntilChicagoMidnight(
        await generatePost(owner, campaignId),
        'GENERATION_LIMIT_REACHED',
        timeZone,
      );
      expect((await usageOf(owner)).generations, timeZone).toEqual({
        used: 5,
        limit: 5,
        resetsAt: chicagoMidnight().toISOString(),
      });
    }
  });

  it('AI campaign drafts and image descriptions stay spent too', async () => {
    const owner = await newContentOwner({ tier: 'gold' });
    // The counters as the drafts and descriptions of today (Chicago) left them.
    await setDailyUse(
      owner.companyId,
      'ai-campaign-runs',
      AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY,
      CHICAGO,
    );
    await setDailyUse(
      owner.companyId,
      'ai-media-analyses',
      AI_MEDIA_ANALYSES_PER_COMPANY_PER_DAY,
      CHICAGO,
    );
    const draftCampaign = () =>
      call('POST', '/ai/generate-campaign', {
        token: owner.token,
        body: {
          companyId: owner.companyId,
          prompt: 'Launch our spring menu: a lavender oat latte and a cardamom bun',
          campaignIntention: 'product-launch',
        },
      });
    const image = `data:image/png;base64,${makePng(32, 32, () => [200, 120, 40]).toString('base64')}`;
    const describeImage = () =>
      call('POST', '/ai/analyze-media', {
        token: owner.token,
        body: { companyId: owner.companyId, fileName: 'latte.png', image },
      });
    for (const timeZone of [CHICAGO, ...ZONES_TO_TRY]) {
      if (timeZone !== CHICAGO) await moveTo(owner, timeZone);
      expectRefusedUntilChicagoMidnight(await draftCampaign(), 'AI_FAIR_USE_REACHED', timeZone);
      expectRefusedUntilChicagoMidnight(await describeImage(), 'AI_FAIR_USE_REACHED', timeZone);
    }
  });
});
