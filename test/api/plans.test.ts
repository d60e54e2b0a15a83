import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Company, PlanUsage } from '#shared/contract/companies';
import type { PublishedPost } from '#shared/contract/platforms';
import { LAPSED_MESSAGES } from '#shared/domain/subscription';
import { DEFAULT_TIME_ZONE } from '#shared/domain/limits';
import type { ConnectablePlatform, TierId } from '#shared/domain/tiers';
import { localDayOf } from '#functions/domain/plans/local-day';
import { registerFounder, registerOrdinaryUser } from './accounts-support';
import { recordGenerations, setPaidTier, setPlan } from './db';
import { apiUrl, call, type RegisteredUser } from './http';
import { connectAccount, requestConsent, type Owner } from './platforms-support';

/**
 * The plans, enforced by the server through the real HTTP API: founders' companies (intro for
 * life, no trial), the trial and what an expired one stops, each tier's platforms by the tier that
 * is being paid for, the one-company limit of intro, the company's time zone and the usage route.
 * Plans change through billing (Stripe, another part of this issue): here the company item is
 * written directly, as the billing webhook would.
 */

const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const unique = (text: string) => `${text} ${randomUUID().slice(0, 8)}`;

const createCompany = async (owner: RegisteredUser, body: Record<string, unknown> = {}) =>
  call<Company & { code?: string; message?: string }>('POST', '/companies', {
    token: owner.token,
    body: { name: 'Harbor Coffee', ...body },
  });

const newOwner = async (
  kind: 'ordinary' | 'founder' = 'ordinary',
): Promise<Owner & { account: RegisteredUser }> => {
  const account = kind === 'founder' ? await registerFounder() : await registerOrdinaryUser();
  const company = await createCompany(account);
  expect(company.status).toBe(201);
  return { account, token: account.token, companyId: company.body._id };
};

const usageOf = async (owner: Owner) => {
  const usage = await call<PlanUsage>('GET', `/companies/${owner.companyId}/usage`, {
    token: owner.token,
  });
  expect(usage.status).toBe(200);
  return usage.body;
};

const companyOf = async (owner: Owner) =>
  (await call<Company>('GET', `/companies/${owner.companyId}`, { token: owner.token })).body;

const postTo = (owner: Owner, platform: ConnectablePlatform, text = unique('Fresh roast')) =>
  call<PublishedPost & { code?: string; message?: string }>(
    'POST',
    platform === 'twitter'
      ? `/platforms/twitter/post/${owner.companyId}`
      : `/platforms/linkedin/companies/${owner.companyId}/post`,
    { token: owner.token, body: { text } },
  );

const postsAtProvider = async (platform: ConnectablePlatform): Promise<{ text: string }[]> =>
  (
    (await (await fetch(`${apiUrl()}/_sandbox/api/posts?platform=${platform}`)).json()) as {
      posts: { text: string }[];
    }
  ).posts;

const nextMidnight = (timeZone: string) => localDayOf(Date.now(), timeZone).endsAt.toISOString();

describe('founders and trials', () => {
  it("gives a founder's company the intro tier for life, without a trial", async () => {
    const founder = await newOwner('founder');
    const company = await companyOf(founder);
    expect(company).toMatchObject({
      founder: true,
      trialEndDate: null,
      subscriptionTier: 'intro',
      stripeSubscriptionId: null,
    });
    expect(await usageOf(founder)).toEqual({
      effectiveTier: 'intro',
      entitlement: 'founder',
      generations: { used: 0, limit: 1, resetsAt: nextMidnight(DEFAULT_TIME_ZONE) },
      timeZone: DEFAULT_TIME_ZONE,
    });
    // It posts with no plan bought.
    await connectAccount(founder, 'twitter');
    expect((await postTo(founder, 'twitter')).status).toBe(201);

    // It may still buy gold; cancelled, it is back on intro for life — never lapsed.
    await setPaidTier(founder.companyId, 'gold');
    expect(await usageOf(founder)).toMatchObject({
      effectiveTier: 'gold',
      entitlement: 'subscribed',
      generations: { limit: 5 },
    });
    await setPlan(founder.companyId, { subscription: 'canceled' });
    expect(await usageOf(founder)).toMatchObject({
      effectiveTier: 'intro',
      entitlement: 'founder',
      generations: { limit: 1 },
    });
    expect(await companyOf(founder)).toMatchObject({ founder: true, trialEndDate: null });
    expect((await postTo(founder, 'twitter')).status).toBe(201);
  });

  it("starts an ordinary account's company on a 14-day trial of intro", async () => {
    const owner = await newOwner();
    const company = await companyOf(owner);
    expect(company.founder).toBe(false);
    const trialDays =
      (Date.parse(company.trialEndDate!) - Date.parse(company.createdAt)) / 86_400_000;
    expect(trialDays).toBe(14);
    expect(await usageOf(owner)).toMatchObject({
      effectiveTier: 'intro',
      entitlement: 'trial',
      generations: { used: 0, limit: 1 },
    });
  });

  it('stops Post now once the trial has ended, while everything stays readable', async () => {
    const owner = await newOwner();
    await connectAccount(owner, 'twitter');
    await setPlan(owner.companyId, { trialEndDate: days(-1) });

    const text = unique('After the trial');
    const refused = await postTo(owner, 'twitter', text);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      error: 'Payment Required',
      message: LAPSED_MESSAGES['trial-ended'],
    });
    expect((await postsAtProvider('twitter')).map((post) => post.text)).not.toContain(text);

    // Reads answer as before.
    expect((await companyOf(owner)).name).toBe('Harbor Coffee');
    const list = await call<{ data: Company[] }>(
      'GET',
      `/companies/user/${owner.account.user._id}`,
      {
        token: owner.token,
      },
    );
    expect(list.body.data.map((company) => company._id)).toEqual([owner.companyId]);
    const credentials = await call<{ platform: string }[]>(
      'GET',
      `/companies/${owner.companyId}/platform-credentials`,
      { token: owner.token },
    );
    expect(credentials.body.map((credential) => credential.platform)).toEqual(['twitter']);
    expect(await usageOf(owner)).toMatchObject({
      effectiveTier: 'intro',
      entitlement: 'lapsed',
      generations: { limit: 0 },
    });

    // A plan bought, it posts again.
    await setPaidTier(owner.companyId, 'silver');
    expect((await postTo(owner, 'twitter', text)).status).toBe(201);
  });

  it('stops Post now when a subscription has ended after the trial', async () => {
    const owner = await newOwner();
    await connectAccount(owner, 'twitter');
    await setPlan(owner.companyId, {
      tier: 'gold',
      subscription: 'unpaid',
      trialEndDate: days(-20),
    });
    const refused = await postTo(owner, 'twitter');
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: LAPSED_MESSAGES['subscription-ended'],
    });
    // A payment Stripe is still retrying keeps the plan: past due still posts.
    await setPlan(owner.companyId, { subscription: 'past_due' });
    expect((await postTo(owner, 'twitter')).status).toBe(201);
  });
});

describe("each tier's platforms", () => {
  const TIER_PLATFORMS: [TierId, ConnectablePlatform[]][] = [
    ['intro', ['twitter']],
    ['silver', ['twitter']],
    ['gold', ['twitter', 'linkedin']],
    ['platinum', ['twitter', 'linkedin']],
  ];

  it.each(TIER_PLATFORMS)(
    'connects and posts to exactly what %s includes (of X and LinkedIn)',
    async (tier, allowed) => {
      const owner = await newOwner();
      if (tier !== 'intro') await setPaidTier(owner.companyId, tier);
      for (const platform of ['twitter', 'linkedin'] as const) {
        if (allowed.includes(platform)) {
          await connectAccount(owner, platform);
          expect((await postTo(owner, platform)).status, `${tier} posts to ${platform}`).toBe(201);
        } else {
          const consent = await requestConsent(owner, platform);
          expect(consent.status).toBe(403);
          expect(consent.body).toMatchObject({ code: 'PLATFORM_NOT_IN_TIER' });
          const post = await postTo(owner, platform);
          expect(post.status).toBe(403);
          expect(post.body).toMatchObject({ code: 'PLATFORM_NOT_IN_TIER' });
        }
      }
    },
  );

  it('closes LinkedIn when the gold subscription stops being paid, and opens it again when paid', async () => {
    const owner = await newOwner();
    await setPaidTier(owner.companyId, 'gold');
    await connectAccount(owner, 'linkedin');
    expect((await postTo(owner, 'linkedin')).status).toBe(201);

    // Still gold on the item, but unpaid (and the trial still running): intro's platforms apply.
    await setPlan(owner.companyId, { subscription: 'unpaid' });
    expect(await usageOf(owner)).toMatchObject({ effectiveTier: 'intro', entitlement: 'trial' });
    const refused = await postTo(owner, 'linkedin');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'PLATFORM_NOT_IN_TIER',
      message:
        'LinkedIn is not included in the Intro plan, which applies while your Gold subscription is not active. Renew it to use LinkedIn.',
    });
    expect((await requestConsent(owner, 'linkedin')).body).toMatchObject({
      code: 'PLATFORM_NOT_IN_TIER',
    });
    // Written as gold but never paid at all: the same.
    await setPlan(owner.companyId, { subscription: null });
    expect((await postTo(owner, 'linkedin')).body).toMatchObject({ code: 'PLATFORM_NOT_IN_TIER' });

    await setPlan(owner.companyId, { subscription: 'active' });
    expect((await postTo(owner, 'linkedin')).status).toBe(201);
  });
});

describe('the company limit', () => {
  const refusedSecond = async (owner: RegisteredUser) => {
    const second = await createCompany(owner, { name: 'Second' });
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ code: 'COMPANY_LIMIT_REACHED' });
  };

  it('allows a second company only while one company is on a paid tier that is being paid', async () => {
    const owner = await newOwner();
    await refusedSecond(owner.account);
    // Gold on the item without a paying subscription does not count.
    await setPlan(owner.companyId, { tier: 'gold' });
    await refusedSecond(owner.account);
    await setPlan(owner.companyId, { subscription: 'canceled' });
    await refusedSecond(owner.account);
    // Paying intro is still intro.
    await setPlan(owner.companyId, { tier: 'intro', subscription: 'active' });
    await refusedSecond(owner.account);

    await setPaidTier(owner.companyId, 'gold');
    const second = await createCompany(owner.account, { name: 'Second' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ subscriptionTier: 'intro', founder: false });
  });

  it('holds a founder to one company on intro too', async () => {
    const founder = await newOwner('founder');
    await refusedSecond(founder.account);
    await setPaidTier(founder.companyId, 'silver');
    const second = await createCompany(founder.account, { name: 'Second' });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ founder: true, trialEndDate: null });
  });
});

describe("the company's time zone", () => {
  it('keeps the zone the browser sent, lets the owner change it, and counts days in it', async () => {
    const owner = await registerOrdinaryUser();
    const created = await createCompany(owner, { timeZone: 'america/chicago' });
    expect(created.status).toBe(201);
    expect(created.body.timeZone).toBe('America/Chicago');
    const companyId = created.body._id;
    const chicago = { token: owner.token, companyId };
    expect((await companyOf(chicago)).timeZone).toBe('America/Chicago');
    expect(await usageOf(chicago)).toMatchObject({
      timeZone: 'America/Chicago',
      generations: { resetsAt: nextMidnight('America/Chicago') },
    });

    const updated = await call<Company>('PUT', `/companies/${companyId}`, {
      token: owner.token,
      body: { timeZone: 'Asia/Tokyo' },
    });
    expect(updated.body.timeZone).toBe('Asia/Tokyo');
    expect((await companyOf(chicago)).timeZone).toBe('Asia/Tokyo');
    expect((await usageOf(chicago)).generations.resetsAt).toBe(nextMidnight('Asia/Tokyo'));

    const invalid = await call('PUT', `/companies/${companyId}`, {
      token: owner.token,
      body: { timeZone: 'Mars/Olympus_Mons' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { timeZone: 'Choose a time zone from the list' },
    });
  });

  it('counts a company with no zone from a browser in UTC until one is chosen', async () => {
    const owner = await newOwner();
    expect(DEFAULT_TIME_ZONE).toBe('UTC');
    expect(await companyOf(owner)).toMatchObject({ timeZone: 'UTC', timeZoneChosen: false });
    expect((await usageOf(owner)).generations.resetsAt).toBe(nextMidnight('UTC'));

    await call('PUT', `/companies/${owner.companyId}`, {
      token: owner.token,
      body: { timeZone: 'Europe/Lisbon' },
    });
    expect(await companyOf(owner)).toMatchObject({
      timeZone: 'Europe/Lisbon',
      timeZoneChosen: true,
    });
  });

  it('marks a zone the browser sent at creation as chosen', async () => {
    const owner = await registerOrdinaryUser();
    const created = await createCompany(owner, { timeZone: 'Australia/Perth' });
    expect(created.body).toMatchObject({ timeZone: 'Australia/Perth', timeZoneChosen: true });
  });
});

describe('the usage route', () => {
  it("answers today's generations in the company's zone, from the daily counter", async () => {
    const owner = await newOwner();
    await setPaidTier(owner.companyId, 'platinum');
    const today = localDayOf(Date.now(), DEFAULT_TIME_ZONE);
    // A day that has ended counts for nothing.
    await recordGenerations(owner.companyId, 9, { endsAt: today.startsAt });
    expect((await usageOf(owner)).generations.used).toBe(0);
    await recordGenerations(owner.companyId, 4);
    expect(await usageOf(owner)).toEqual({
      effectiveTier: 'platinum',
      entitlement: 'subscribed',
      generations: { used: 4, limit: 10, resetsAt: today.endsAt.toISOString() },
      timeZone: DEFAULT_TIME_ZONE,
    });
  });

  it("answers 404 for another user's company", async () => {
    const owner = await newOwner();
    const stranger = await registerOrdinaryUser();
    const answer = await call('GET', `/companies/${owner.companyId}/usage`, {
      token: stranger.token,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
  });
});
