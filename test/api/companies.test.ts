import { describe, expect, it } from 'vitest';
import { registerOrdinaryUser } from './accounts-support';
import { call, registerUser } from './http';

const company = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbor Coffee',
  description: 'Small-batch roasters',
  website: 'harbor.coffee',
  brandColors: ['#0b5fff', '', '#E4572E'],
  brandVoice: 'Warm and upbeat',
  ...overrides,
});

type Company = { _id: string; [key: string]: unknown };

describe('companies', () => {
  it('creates a company on a 14-day intro trial, dropping empty colours', async () => {
    // A founder's company has no trial (test/api/plans.test.ts): this is an ordinary account.
    const owner = await registerOrdinaryUser();
    const before = Date.now();
    const created = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: company(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Harbor Coffee',
      website: 'https://harbor.coffee',
      brandColors: ['#0B5FFF', '#E4572E'],
      subscriptionTier: 'intro',
      user: owner.user._id,
      stripeSubscriptionId: null,
      pendingDowngrade: false,
      subscription: { status: null },
      founder: false,
      timeZone: 'UTC',
      timeZoneChosen: false,
    });
    const trialDays = (Date.parse(created.body.trialEndDate as string) - before) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.99);
    expect(trialDays).toBeLessThan(14.01);

    const list = await call<{ data: Company[]; total: number }>(
      'GET',
      `/companies/user/${owner.user._id}`,
      { token: owner.token },
    );
    expect(list.body.data.map((c) => c._id)).toEqual([created.body._id]);
    expect(list.body.total).toBe(1);
  });

  it('keeps one colour when every row is empty, and validates the fields', async () => {
    const owner = await registerUser();
    const created = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: { name: 'Only Name', brandColors: ['', ' '] },
    });
    expect(created.body).toMatchObject({
      brandColors: ['#007BFF'],
      description: '',
      website: '',
      brandVoice: '',
    });

    const other = await registerUser();
    const invalid = await call('POST', '/companies', {
      token: other.token,
      body: { name: 'Free Upgrade', subscriptionTier: 'platinum' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'These fields cannot be set: subscriptionTier',
    });
    const fields = await call('POST', '/companies', {
      token: other.token,
      body: { name: '', website: 'not a url', brandColors: ['blue'], brandVoice: 'x'.repeat(2001) },
    });
    expect(fields.body.code).toBe('VALIDATION_FAILED');
    expect(fields.body.fields).toEqual({
      name: 'Company name is required',
      website: 'Please enter a valid website address, like https://example.com',
      'brandColors.0': 'Brand colours must be hex colours like #007BFF',
      brandVoice: 'Brand voice must be at most 2000 characters',
    });
    expect((await call('POST', '/companies', { token: other.token, rawBody: '{' })).body.code).toBe(
      'MALFORMED_JSON',
    );
  });

  it('refuses a second company on the intro tier, even when both are requested at once', async () => {
    const owner = await registerUser();
    const results = await Promise.all([
      call('POST', '/companies', { token: owner.token, body: company({ name: 'One' }) }),
      call('POST', '/companies', { token: owner.token, body: company({ name: 'Two' }) }),
      call('POST', '/companies', { token: owner.token, body: company({ name: 'Three' }) }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    const refused = results.find((r) => r.status === 403)!;
    expect(refused.body).toMatchObject({
      code: 'COMPANY_LIMIT_REACHED',
      message:
        'You can only have one company in the intro tier. Please upgrade to create additional companies.',
    });
    const list = await call<{ data: Company[] }>('GET', `/companies/user/${owner.user._id}`, {
      token: owner.token,
    });
    expect(list.body.data).toHaveLength(1);
  });

  it('updates and deletes its own company; a deleted company is gone and a new one may be made', async () => {
    const owner = await registerUser();
    const { body: created } = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: company(),
    });
    const updated = await call<Company>('PUT', `/companies/${created._id}`, {
      token: owner.token,
      body: { name: 'Harbor Coffee Roasters', brandColors: ['#111111'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Harbor Coffee Roasters',
      brandColors: ['#111111'],
      brandVoice: 'Warm and upbeat',
    });
    expect(
      (
        await call('PUT', `/companies/${created._id}`, {
          token: owner.token,
          body: { subscriptionTier: 'gold' },
        })
      ).body,
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'These fields cannot be changed: subscriptionTier',
    });

    const removed = await call('DELETE', `/companies/${created._id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(
      (await call('GET', `/companies/${created._id}`, { token: owner.token })).body,
    ).toMatchObject({
      code: 'COMPANY_NOT_FOUND',
      message: 'Company not found',
    });
    expect((await call('POST', '/companies', { token: owner.token, body: company() })).status).toBe(
      201,
    );
  });

  it('stores the website as parsed, on create and on update', async () => {
    const owner = await registerUser();
    const created = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: company({ website: 'https://owner:secret@Harbor.COFFEE:443/our menu' }),
    });
    expect(created.body.website).toBe('https://harbor.coffee/our%20menu');
    const updated = await call<Company>('PUT', `/companies/${created.body._id}`, {
      token: owner.token,
      body: { website: 'HTTP://BÜCHER.example/' },
    });
    expect(updated.body.website).toBe('http://xn--bcher-kva.example');
    expect(
      (await call<Company>('GET', `/companies/${created.body._id}`, { token: owner.token })).body
        .website,
    ).toBe('http://xn--bcher-kva.example');
  });

  it('frees a company’s place once when it is deleted four times at once', async () => {
    const owner = await registerUser();
    const { body: created } = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: company(),
    });
    const deletes = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('DELETE', `/companies/${created._id}`, { token: owner.token }),
      ),
    );
    expect(deletes.map((d) => d.status).sort()).toEqual([200, 404, 404, 404]);
    for (const refused of deletes.filter((d) => d.status === 404))
      expect(refused.body.code).toBe('COMPANY_NOT_FOUND');

    // The counter moved down once: exactly the tier's one company may be made again, even when
    // asked for several times at once.
    const creates = await Promise.all(
      ['One', 'Two', 'Three'].map((name) =>
        call('POST', '/companies', { token: owner.token, body: company({ name }) }),
      ),
    );
    expect(creates.map((c) => c.status).sort()).toEqual([201, 403, 403]);
    const list = await call<{ data: Company[] }>('GET', `/companies/user/${owner.user._id}`, {
      token: owner.token,
    });
    expect(list.body.data).toHaveLength(1);
  });

  it("deleting a company leaves the owner's other data and other owners' companies alone", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const { body: alices } = await call<Company>('POST', '/companies', {
      token: alice.token,
      body: company(),
    });
    const { body: bobs } = await call<Company>('POST', '/companies', {
      token: bob.token,
      body: company({ name: 'Bob Bikes' }),
    });
    await call('DELETE', `/companies/${alices._id}`, { token: alice.token });
    expect((await call('GET', `/companies/${bobs._id}`, { token: bob.token })).body).toMatchObject({
      name: 'Bob Bikes',
    });
    expect((await call('GET', '/auth/me', { token: alice.token })).status).toBe(200);
  });

  it('answers 404 to anyone but the owner, on every company route, and changes nothing', async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    const { body: created } = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: company(),
    });
    const token = stranger.token;
    const attempts = [
      await call('GET', `/companies/${created._id}`, { token }),
      await call('PUT', `/companies/${created._id}`, { token, body: { name: 'Hijacked' } }),
      await call('DELETE', `/companies/${created._id}`, { token }),
      await call('GET', `/companies/user/${owner.user._id}`, { token }),
    ];
    expect(attempts.map((a) => [a.status, a.body.code])).toEqual([
      [404, 'COMPANY_NOT_FOUND'],
      [404, 'COMPANY_NOT_FOUND'],
      [404, 'COMPANY_NOT_FOUND'],
      [404, 'USER_NOT_FOUND'],
    ]);
    expect(
      (await call('GET', `/companies/${created._id}`, { token: owner.token })).body,
    ).toMatchObject({ name: 'Harbor Coffee' });
    expect((await call('GET', `/companies/${created._id}`)).body.code).toBe('UNAUTHENTICATED');
    expect(
      (await call('GET', '/companies/no-such-company', { token: owner.token })).body.code,
    ).toBe('COMPANY_NOT_FOUND');
  });
});
