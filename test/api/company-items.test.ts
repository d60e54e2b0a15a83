import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useSandboxTable } from './db';
import { call, registerUser } from './http';

type Company = { _id: string };

const seed = async (companyId: string) => {
  const { campaigns, credentials } = await useSandboxTable();
  const campaignIds = [randomUUID(), randomUUID()];
  await campaigns
    .create({
      companyId,
      campaignId: campaignIds[0]!,
      name: 'Spring menu',
      status: 'active',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    })
    .go();
  await campaigns
    .create({
      companyId,
      campaignId: campaignIds[1]!,
      name: 'Summer draft',
      startDate: '2026-06-01',
      endDate: '2026-06-30',
    })
    .go();
  await credentials
    .create({ companyId, credentialId: randomUUID(), platform: 'twitter', accountName: '@harbor' })
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
    });

    await seed(company._id);
    const credentials = await call<{ platform: string; metadata: { connected: boolean } }[]>(
      'GET',
      `/companies/${company._id}/platform-credentials`,
      { token: owner.token },
    );
    expect(credentials.body).toMatchObject([
      { platform: 'twitter', accountName: '@harbor', metadata: { connected: true } },
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

  it('deleting a company deletes everything that belongs to it, and nothing else', async () => {
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
    await seed(kept._id);

    expect((await call('DELETE', `/companies/${doomed._id}`, { token: alice.token })).status).toBe(
      200,
    );

    const { campaigns, credentials } = await useSandboxTable();
    expect((await campaigns.query.byCompany({ companyId: doomed._id }).go()).data).toEqual([]);
    expect((await credentials.query.byCompany({ companyId: doomed._id }).go()).data).toEqual([]);
    expect(
      (await campaigns.get({ companyId: doomed._id, campaignId: doomedCampaigns[0]! }).go()).data,
    ).toBeNull();

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
    expect((await call('GET', '/auth/me', { token: alice.token })).status).toBe(200);
  });
});
