import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { companyPartitionSize, seedCampaign, seedCampaigns, useSandboxTable } from './db';
import { call, registerUser, runJob } from './http';

type Company = { _id: string };

const seed = async (companyId: string) => {
  const { credentials } = await useSandboxTable();
  // As the campaigns API writes them (campaign, pointer, count): the "Lost Cleanup" company has
  // no owner who could call it.
  const campaignIds = [
    await seedCampaign(companyId, { name: 'Spring menu', status: 'active' }),
    await seedCampaign(companyId, {
      name: 'Summer draft',
      startDate: '2026-06-01T04:00:00.000Z',
      endDate: '2026-06-30T04:00:00.000Z',
    }),
  ];
  await credentials
    .create({
      companyId,
      credentialId: randomUUID(),
      platform: 'twitter',
      accountId: '1234',
      handle: '@harbor',
      accountName: 'Harbor Coffee',
    })
    .go();
  return campaignIds;
};

describe('a company’s platform credentials and campaigns (the overview’s counts)', () => {
  it('lists them for the owner only', async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { body: company } = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: { name: 'Harbor Coffee' },
    });

    expect(
      (await call('GET', `/companies/${company._id}/platform-credentials`, { token: owner.token }))
        .body,
    ).toEqual([]);
    expect(
      (await call('GET', `/campaigns/company/${company._id}`, { token: owner.token })).body,
    ).toEqual({
      data: [],
      total: 0,
      skip: 0,
      limit: 10,
      nextCursor: null,
    });

    await seed(company._id);
    const credentials = await call<{ platform: string; metadata: { connected: boolean } }[]>(
      'GET',
      `/companies/${company._id}/platform-credentials`,
      { token: owner.token },
    );
    expect(credentials.body).toMatchObject([
      { platform: 'twitter', handle: '@harbor', metadata: { connected: true } },
    ]);
    expect(JSON.stringify(credentials.body)).not.toMatch(/token/i);
    const active = await call<{ data: { name: string }[]; total: number }>(
      'GET',
      `/campaigns/company/${company._id}?status=active`,
      {
        token: owner.token,
      },
    );
    expect(active.body.data.map((c) => c.name)).toEqual(['Spring menu']);
    expect(
      (await call('GET', `/campaigns/company/${company._id}?limit=500`, { token: owner.token }))
        .status,
    ).toBe(400);

    expect(
      (
        await call('GET', `/companies/${company._id}/platform-credentials`, {
          token: stranger.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('GET', `/campaigns/company/${company._id}`, { token: stranger.token })).status,
    ).toBe(404);
  });
});

/** Waits for the clean-up that DELETE started in the background to empty the company's partition. */
const waitUntilRemoved = (companyId: string, timeout = 30_000) =>
  vi.waitFor(async () => expect(await companyPartitionSize(companyId)).toBe(0), {
    timeout,
    interval: 200,
  });

describe('deleting a company', () => {
  it('answers at once, hides the company from every read and frees its place; the job then removes all it owned and nothing else', async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const { body: doomed } = await call<Company>('POST', '/companies', {
      token: alice.token,
      body: { name: 'Doomed' },
    });
    const { body: kept } = await call<Company>('POST', '/companies', {
      token: bob.token,
      body: { name: 'Kept' },
    });
    const doomedCampaigns = await seed(doomed._id);
    const keptCampaigns = await seed(kept._id);
    // On the intro tier one company is the limit.
    expect(
      (await call('POST', '/companies', { token: alice.token, body: { name: 'Second' } })).status,
    ).toBe(403);

    const deleted = await call('DELETE', `/companies/${doomed._id}`, { token: alice.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Company deleted' });

    // Gone from every read at once, whatever the clean-up has done so far.
    expect((await call('GET', `/companies/${doomed._id}`, { token: alice.token })).status).toBe(
      404,
    );
    expect(
      (
        await call<{ data: Company[] }>('GET', `/companies/user/${alice.user._id}`, {
          token: alice.token,
        })
      ).body.data,
    ).toEqual([]);
    for (const path of [
      `/companies/${doomed._id}/platform-credentials`,
      `/campaigns/company/${doomed._id}`,
    ])
      expect((await call('GET', path, { token: alice.token })).status).toBe(404);
    const again = await call('DELETE', `/companies/${doomed._id}`, { token: alice.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'COMPANY_NOT_FOUND' });

    // Its place in the limit is free — once: the second DELETE freed nothing more.
    const { status: created, body: replacement } = await call<Company>('POST', '/companies', {
      token: alice.token,
      body: { name: 'Fresh start' },
    });
    expect(created).toBe(201);
    const refused = await call('POST', '/companies', {
      token: alice.token,
      body: { name: 'One more' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'COMPANY_LIMIT_REACHED' });

    await waitUntilRemoved(doomed._id);
    const { campaigns, campaignRefs } = await useSandboxTable();
    expect((await campaigns.query.byCompany({ companyId: doomed._id }).go()).data).toEqual([]);
    // The pointers by campaign id (outside the company's partition) went too; the other's stay.
    const refOf = async (campaignId: string) =>
      (await campaignRefs.get({ campaignId }).go({ consistent: true })).data;
    for (const campaignId of doomedCampaigns) expect(await refOf(campaignId)).toBeNull();
    for (const campaignId of keptCampaigns) expect(await refOf(campaignId)).not.toBeNull();

    // Nothing of anyone else's went with it.
    expect(await companyPartitionSize(kept._id)).toBe(5);
    expect(
      (await call<{ total: number }>('GET', `/campaigns/company/${kept._id}`, { token: bob.token }))
        .body.total,
    ).toBe(2);
    expect(
      (
        await call<unknown[]>('GET', `/companies/${kept._id}/platform-credentials`, {
          token: bob.token,
        })
      ).body,
    ).toHaveLength(1);
    expect(
      (await call('GET', `/companies/${replacement._id}`, { token: alice.token })).status,
    ).toBe(200);
    expect((await call('GET', '/auth/me', { token: alice.token })).status).toBe(200);

    // Running the job again (a redelivery) is harmless.
    expect(await runJob('company-cleanup', { companyId: doomed._id })).toEqual({
      status: 'duplicate',
    });
    expect(await companyPartitionSize(kept._id)).toBe(5);
  });

  it('deletes a company with 3,000 campaigns: the answer does not wait for them, the job removes every one', async () => {
    const owner = await registerUser();
    const { body: company } = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: { name: 'Busy Bakery' },
    });
    await seedCampaigns(company._id, 3000);
    expect(await companyPartitionSize(company._id)).toBe(3001);

    expect((await call('DELETE', `/companies/${company._id}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await call('GET', `/companies/${company._id}`, { token: owner.token })).status).toBe(
      404,
    );

    await waitUntilRemoved(company._id, 90_000);
  }, 120_000);

  it('the clean-up job refuses a company that is not deleted', async () => {
    const owner = await registerUser();
    const { body: company } = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: { name: 'Still Here' },
    });
    await seed(company._id);

    expect(await runJob('company-cleanup', { companyId: company._id })).toMatchObject({
      status: 'failed',
    });
    expect(await companyPartitionSize(company._id)).toBe(5);
    expect((await call('GET', `/companies/${company._id}`, { token: owner.token })).status).toBe(
      200,
    );
  });

  it('the sweeper restarts a clean-up that never ran', async () => {
    // A company deleted an hour ago whose clean-up was lost (written directly: no endpoint can).
    const { companies } = await useSandboxTable();
    const companyId = randomUUID();
    await companies
      .create({
        companyId,
        userId: randomUUID(),
        name: 'Lost Cleanup',
        brandColors: [],
        deletedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
      })
      .go();
    await seed(companyId);
    expect(await companyPartitionSize(companyId)).toBe(5);

    const outcome = await runJob('sweeper', {});
    expect(outcome).toMatchObject({ status: 'done', result: { companyCleanups: { failed: 0 } } });
    expect(
      (outcome.result as { companyCleanups: { started: number } }).companyCleanups.started,
    ).toBeGreaterThanOrEqual(1);
    await waitUntilRemoved(companyId);
  });
});
