import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import type { CompanyOverview } from '#shared/contract/companies';
import { localDayOf } from '#functions/domain/plans/local-day';
import { apiUrl, call, runJob } from './http';
import { newCampaign, newContentOwner, type ContentOwner } from './content-support';

/**
 * The company overview says how the last morning's drafts went when they did not reach the
 * owner — the day's AI generations already used, no verified phone, texts turned off with STOP —
 * and when they resume: the daily-drafts job records each company's last morning in the
 * company's partition, and the overview reads it in its one batch read.
 */

const ZONE = 'America/Chicago';

const overviewOf = async (owner: ContentOwner) => {
  const { status, body } = await call<CompanyOverview>(
    'GET',
    `/companies/${owner.companyId}/overview`,
    { token: owner.token },
  );
  expect(status).toBe(200);
  return body;
};

/** Morning now for the owner's company; answers what the sandbox shows of it. */
const morningOf = async (owner: ContentOwner) => {
  const outcome = await runJob<{ summary: string }>('daily-drafts', {
    companyId: owner.companyId,
  });
  expect(outcome.status, JSON.stringify(outcome)).toBe('done');
  return outcome.result!.summary;
};

/** The next morning after today's (8:00, the default hour, in the company's zone). */
const tomorrowMorning = () => {
  const [year, month, day] = localDayOf(Date.now(), ZONE).day.split('-').map(Number);
  return new Date(new TZDate(year!, month! - 1, day! + 1, 8, 0, 0, ZONE).getTime()).toISOString();
};

describe("the overview's last morning", () => {
  it('is null before any morning, and says nothing was skipped when the drafts were texted', async () => {
    const owner = await newContentOwner({ tier: 'gold', phone: true });
    await newCampaign(owner, { platforms: ['twitter', 'linkedin'] });
    expect((await overviewOf(owner)).lastMorning).toBeNull();

    await morningOf(owner);
    expect((await overviewOf(owner)).lastMorning).toEqual({
      day: localDayOf(Date.now(), ZONE).day,
      drafts: 2,
      skipped: null,
      nextMorningAt: tomorrowMorning(),
    });
  });

  it("says the drafts were skipped when the day's generations were already used, and when they resume", async () => {
    const owner = await newContentOwner({ tier: 'intro', phone: true });
    const campaignId = await newCampaign(owner, { platforms: ['twitter'] });
    // The plan's one generation of the day, used by hand before the morning.
    const generated = await call('POST', `/campaigns/${campaignId}/generate`, {
      token: owner.token,
      body: { platform: 'twitter', sendNotification: false },
    });
    expect(generated.status).toBe(202);

    await morningOf(owner);
    expect((await overviewOf(owner)).lastMorning).toEqual({
      day: localDayOf(Date.now(), ZONE).day,
      drafts: 0,
      skipped: 'generations-used',
      nextMorningAt: tomorrowMorning(),
    });
  });

  it('says the drafts were not texted without a verified phone', async () => {
    const owner = await newContentOwner({ tier: 'gold', phone: false });
    await newCampaign(owner, { platforms: ['twitter', 'linkedin'] });
    await morningOf(owner);
    expect((await overviewOf(owner)).lastMorning).toMatchObject({
      drafts: 2,
      skipped: 'no-verified-phone',
    });
  });

  it('says the drafts were not texted after STOP', async () => {
    const owner = await newContentOwner({ tier: 'intro', phone: true });
    await newCampaign(owner, { platforms: ['twitter'] });
    const stop = await fetch(`${apiUrl()}/_sandbox/api/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: owner.account.user.phoneNumber, body: 'STOP' }),
    });
    expect(stop.status).toBe(200);
    await morningOf(owner);
    expect((await overviewOf(owner)).lastMorning).toMatchObject({
      drafts: 1,
      skipped: 'texts-off',
    });

    // A second run the same day changes nothing it said.
    await morningOf(owner);
    expect((await overviewOf(owner)).lastMorning).toMatchObject({
      drafts: 1,
      skipped: 'texts-off',
    });
  });
});

describe("the sandbox's Morning now", () => {
  it('says what the morning did, or why nothing was sent', async () => {
    const texted = await newContentOwner({ tier: 'gold', phone: true });
    await newCampaign(texted, { platforms: ['twitter', 'linkedin'] });
    expect(await morningOf(texted)).toBe('2 drafts written and texted.');
    expect(await morningOf(texted)).toMatch(
      /^Nothing was sent: this company’s morning of \d{4}-\d{2}-\d{2} has already run \(one a day\); the next comes /,
    );

    const unverified = await newContentOwner({ tier: 'gold', phone: false });
    await newCampaign(unverified, { platforms: ['twitter'] });
    expect(await morningOf(unverified)).toBe(
      '1 draft written; nothing was sent: the owner has no verified phone.',
    );

    const idle = await newContentOwner({ tier: 'gold', phone: true });
    expect(await morningOf(idle)).toBe(
      'Nothing was sent: nothing was due (no active campaign runs today on a platform the company has connected and its plan allows).',
    );

    const spent = await newContentOwner({ tier: 'intro', phone: true });
    const campaignId = await newCampaign(spent, { platforms: ['twitter'] });
    const generated = await call('POST', `/campaigns/${campaignId}/generate`, {
      token: spent.token,
      body: { platform: 'twitter', sendNotification: false },
    });
    expect(generated.status).toBe(202);
    expect(await morningOf(spent)).toMatch(
      /^Nothing was sent: the day’s AI generations were already used\. Drafting resumes .+, Chicago time\.$/,
    );
  });
});
