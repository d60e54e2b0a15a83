import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import type { ContentList } from '#shared/contract/content';
import {
  dayFromToday,
  newCampaign as newContentCampaign,
  newContentOwner,
} from './content-support';
import { apiUrl, call, inbox, runJob, type RegisteredUser } from './http';

/**
 * The morning text through the sandbox: the daily-drafts job run for a company
 * (`{ companyId }`, Morning now) or as the hourly tick (`{ time }`, which finds the companies whose
 * morning hour has just come through the morning roster, and queues each for the company-morning
 * job). Each company's morning happens once per local day: its drafts and its one text.
 */

interface Owner {
  account: RegisteredUser;
  token: string;
  companyId: string;
}

type Morning = {
  status: string;
  drafts?: number;
  stoppedBy?: string;
  text?: string;
};
type Tick = { due: number; queued: number };

/** Until the mornings queue has nothing waiting or in flight (the tick's mornings are done). */
const mornings = async () => {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const response = await fetch(`${apiUrl()}/_sandbox/api/queues`);
    const { queues } = (await response.json()) as {
      queues: { job: string; waiting: number; delayed: number; inFlight: number }[];
    };
    const queue = queues.find((each) => each.job === 'company-morning')!;
    if (queue.waiting + queue.delayed + queue.inFlight === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The mornings queue did not empty');
};

/** An account with a company (gold unless told: X and LinkedIn connected; intro: X only). */
const newOwner = ({
  tier = 'gold',
  phone = true,
  company = {},
}: {
  tier?: 'gold' | 'intro';
  phone?: boolean;
  company?: Record<string, unknown>;
} = {}) => newContentOwner({ tier, phone, company });

/** A campaign on X and LinkedIn (unless told), running today. */
const newCampaign = (owner: Owner, fields: Record<string, unknown> = {}) =>
  newContentCampaign(owner, { platforms: ['twitter', 'linkedin'], ...fields });

const drafts = async (owner: Owner, campaignId: string) =>
  (
    await call<ContentList>('GET', `/campaigns/${campaignId}/content?status=draft`, {
      token: owner.token,
    })
  ).body.data;

/** The morning texts the owner's phone received (not the verification code). */
const morningTexts = async (owner: Owner) =>
  (await inbox(owner.account.user.phoneNumber)).filter((message) =>
    /^Sailpost: (\d+ new drafts|a new .* draft) /.test(message.text),
  );

const morningOf = async (owner: Owner) => {
  const outcome = await runJob<Morning>('daily-drafts', { companyId: owner.companyId });
  expect(outcome.status, JSON.stringify(outcome)).toBe('done');
  return outcome.result!;
};

describe('daily-drafts', () => {
  it('drafts one post per platform of an active campaign and texts one list of them; a second run adds nothing', async () => {
    const owner = await newOwner();
    const campaignId = await newCampaign(owner);

    expect(await morningOf(owner)).toMatchObject({ status: 'drafted', drafts: 2, text: 'sent' });
    const posts = await drafts(owner, campaignId);
    expect(posts.map((post) => post.metadata.params.platform).sort()).toEqual([
      'linkedin',
      'twitter',
    ]);
    const texts = await morningTexts(owner);
    expect(texts).toHaveLength(1);
    const [text] = texts;
    expect(text!.text).toContain('Sailpost: 2 new drafts to review:');
    expect(text!.text).toMatch(/^1\) X \(Twitter\), "Spring menu": "/m);
    expect(text!.text).toMatch(/^2\) LinkedIn, "Spring menu": "/m);
    const twitterPost = posts.find((post) => post.metadata.params.platform === 'twitter')!;
    expect(text!.text).toContain(twitterPost.content.split(/\s+/).slice(0, 3).join(' '));
    // The short review link opens the campaign of the morning's drafts.
    const code = new RegExp(`Review: ${apiUrl()}/r/(\\w{10})\\n`).exec(text!.text)?.[1];
    expect((await call('GET', `/review-links/${code}`, { token: owner.token })).body).toEqual({
      companyId: owner.companyId,
      campaignId,
      contentId: null,
    });
    expect(text!.text).toContain('Reply YES to approve all');

    // Again the same day (Morning now twice, a redelivered tick): no drafts, no text.
    expect(await morningOf(owner)).toMatchObject({ status: 'already-done' });
    expect(await drafts(owner, campaignId)).toHaveLength(2);
    expect(await morningTexts(owner)).toHaveLength(1);
  });

  it('leaves a paused campaign and one outside its dates alone, and texts nothing when nothing is new', async () => {
    const owner = await newOwner();
    const paused = await newCampaign(owner, { name: 'Paused' });
    expect(
      (
        await call('PATCH', `/campaigns/${paused}/status`, {
          token: owner.token,
          body: { status: 'paused' },
        })
      ).status,
    ).toBe(200);
    const later = await newCampaign(owner, {
      name: 'Summer',
      startDate: dayFromToday(3),
      endDate: dayFromToday(30),
    });
    const ended = await newCampaign(owner, {
      name: 'Winter',
      startDate: dayFromToday(-30),
      endDate: dayFromToday(-2),
    });

    expect(await morningOf(owner)).toMatchObject({
      status: 'drafted',
      drafts: 0,
      text: 'nothing-new',
    });
    for (const campaignId of [paused, later, ended])
      expect(await drafts(owner, campaignId)).toEqual([]);
    expect(await morningTexts(owner)).toEqual([]);
  });

  it("stops at the tier's daily limit (intro: one) and texts the one draft", async () => {
    const owner = await newOwner({ tier: 'intro' });
    const first = await newCampaign(owner, { name: 'First', platforms: ['twitter'] });
    const second = await newCampaign(owner, { name: 'Second', platforms: ['twitter'] });

    expect(await morningOf(owner)).toMatchObject({
      status: 'drafted',
      drafts: 1,
      stoppedBy: 'limit',
      text: 'sent',
    });
    const made = [...(await drafts(owner, first)), ...(await drafts(owner, second))];
    expect(made).toHaveLength(1);
    const texts = await morningTexts(owner);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain('Sailpost: a new X (Twitter) draft for "First"');
  });

  it('drafts without a verified phone, texting nobody (Morning now, the /_sandbox form)', async () => {
    const owner = await newOwner({ phone: false });
    const campaignId = await newCampaign(owner);

    const form = await fetch(`${apiUrl()}/_sandbox/jobs/daily-drafts/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ returnTo: '/_sandbox', companyId: owner.companyId }).toString(),
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/_sandbox#schedules');
    expect(await drafts(owner, campaignId)).toHaveLength(2);
    expect(await inbox(owner.account.user.phoneNumber)).toEqual([]);
    // That was the day's morning.
    expect(await morningOf(owner)).toMatchObject({ status: 'already-done' });
  });

  it('Morning now on /_sandbox offers the companies to pick, newest first, without a deleted one', async () => {
    const older = await newOwner({ phone: false, company: { name: 'Morning Older' } });
    const doomed = await newOwner({ phone: false, company: { name: 'Morning Doomed' } });
    const newer = await newOwner({
      phone: false,
      company: { name: 'Morning Newer', timeZone: 'Asia/Tokyo', morningHour: 6 },
    });
    const deleted = await call('DELETE', `/companies/${doomed.companyId}`, { token: doomed.token });
    expect(deleted.status).toBeLessThan(300);

    const page = await (await fetch(`${apiUrl()}/_sandbox`)).text();
    const select =
      /<select id="morning-company" name="companyId" required>(.*?)<\/select>/.exec(page)?.[1] ??
      '';
    const offered = [...select.matchAll(/<option value="([^"]+)">([^<]*)<\/option>/g)];
    expect(offered.slice(0, 2).map(([, id, label]) => [id, label!.split(' · ')[0]])).toEqual([
      [newer.companyId, 'Morning Newer'],
      [older.companyId, 'Morning Older'],
    ]);
    expect(select).not.toContain(doomed.companyId);
  });

  it('drafts after STOP, but texts nothing until START', async () => {
    const owner = await newOwner({ tier: 'intro' });
    const campaignId = await newCampaign(owner, { platforms: ['twitter'] });
    const stop = await fetch(`${apiUrl()}/_sandbox/api/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: owner.account.user.phoneNumber, body: 'STOP' }),
    });
    expect(stop.status).toBe(200);
    expect(await morningOf(owner)).toMatchObject({ drafts: 1, text: 'opted-out' });
    expect(await drafts(owner, campaignId)).toHaveLength(1);
    expect(await morningTexts(owner)).toEqual([]);
  });

  it("the hourly tick queues the companies whose morning hour has just come in their zone, and no other's, and each is drafted once", async () => {
    // Chatham (UTC+12:45, +13:45 in its summer) is this test's alone. The tick is at 20:xx UTC,
    // when no other test's company (UTC, the Americas, Europe, Tokyo, Perth) is at its morning.
    const zone = 'Pacific/Chatham';
    const tick = new Date(
      `${dayFromToday(0)}T20:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}:00.000Z`,
    );
    const localHour = new TZDate(tick.getTime(), zone).getHours();
    const [due, notYet] = await Promise.all([
      newOwner({ tier: 'intro', company: { timeZone: zone, morningHour: localHour } }),
      newOwner({ tier: 'intro', company: { timeZone: zone, morningHour: (localHour + 1) % 24 } }),
    ]);
    const [dueCampaign, laterCampaign] = await Promise.all([
      newCampaign(due, { platforms: ['twitter'] }),
      newCampaign(notYet, { platforms: ['twitter'] }),
    ]);

    const first = await runJob<Tick>('daily-drafts', { time: tick.toISOString() });
    expect(first).toEqual({ status: 'done', result: { due: 1, queued: 1 } });
    await mornings();
    expect(await drafts(due, dueCampaign)).toHaveLength(1);
    expect(await drafts(notYet, laterCampaign)).toEqual([]);
    expect(await morningTexts(notYet)).toEqual([]);

    // The same tick again does nothing.
    expect(await runJob('daily-drafts', { time: tick.toISOString() })).toEqual({
      status: 'duplicate',
    });

    // The second company moves its morning to this hour: the roster moves it, and the next tick
    // of the hour finds both — the first has had its morning today.
    const moved = await call<{ morningHour: number }>('PUT', `/companies/${notYet.companyId}`, {
      token: notYet.token,
      body: { morningHour: localHour },
    });
    expect(moved.body.morningHour).toBe(localHour);
    const again = new Date(tick.getTime() + 1000).toISOString();
    expect(await runJob<Tick>('daily-drafts', { time: again })).toMatchObject({
      result: { due: 2, queued: 2 },
    });
    await mornings();
    expect(await drafts(due, dueCampaign)).toHaveLength(1);
    expect(await drafts(notYet, laterCampaign)).toHaveLength(1);
    expect(await morningTexts(due)).toHaveLength(1);
    expect(await morningTexts(notYet)).toHaveLength(1);

    // A deleted company is off the roster at once.
    expect((await call('DELETE', `/companies/${due.companyId}`, { token: due.token })).status).toBe(
      200,
    );
    const later = new Date(tick.getTime() + 2000).toISOString();
    expect(await runJob<Tick>('daily-drafts', { time: later })).toMatchObject({
      result: { due: 1, queued: 1 },
    });
    await mornings();
    expect(await morningTexts(notYet)).toHaveLength(1);
  });
});
