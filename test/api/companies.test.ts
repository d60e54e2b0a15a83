import { describe, expect, it } from 'vitest';
import type { CompanyPage, CompanySummary } from '#shared/contract/companies';
import { DESCRIPTION_PREVIEW_MAX } from '#shared/contract/companies';
import { registerOrdinaryUser } from './accounts-support';
import { setPaidTier } from './db';
import { call, registerUser, type RegisteredUser } from './http';

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
      morningHour: 8,
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

  it('keeps a morning hour (0–23, 8 unless chosen) and refuses any other', async () => {
    const owner = await registerUser();
    const created = await call<Company>('POST', '/companies', {
      token: owner.token,
      body: company({ morningHour: 0, timeZone: 'America/New_York' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.morningHour).toBe(0);
    const id = created.body._id;

    const message = 'Morning hour must be a whole hour from 0 to 23';
    for (const morningHour of [24, -1, 7.5, '8', null]) {
      const refused = await call('PUT', `/companies/${id}`, {
        token: owner.token,
        body: { morningHour },
      });
      expect(refused.status, JSON.stringify(morningHour)).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { morningHour: message },
      });
    }
    const other = await registerUser();
    const refusedOnCreate = await call('POST', '/companies', {
      token: other.token,
      body: company({ morningHour: 23.5 }),
    });
    expect(refusedOnCreate.body).toMatchObject({ fields: { morningHour: message } });

    const updated = await call<Company>('PUT', `/companies/${id}`, {
      token: owner.token,
      body: { morningHour: 23, timeZone: 'Pacific/Tongatapu' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ morningHour: 23, timeZone: 'Pacific/Tongatapu' });
    const read = await call<Company>('GET', `/companies/${id}`, { token: owner.token });
    expect(read.body).toMatchObject({ morningHour: 23, timeZone: 'Pacific/Tongatapu' });
    // Changing something else keeps the hour.
    const renamed = await call<Company>('PUT', `/companies/${id}`, {
      token: owner.token,
      body: { name: 'Night Owl Coffee' },
    });
    expect(renamed.body).toMatchObject({ name: 'Night Owl Coffee', morningHour: 23 });
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

describe('the company list', () => {
  /**
   * An owner with `count` companies, created one after another (the list's order): the first is
   * put on a paid tier, which lets the intro tier's one-company limit go.
   */
  const ownerWith = async (
    count: number,
    fields: (index: number) => Record<string, unknown> = (index) => ({ name: `Company ${index}` }),
  ): Promise<{ owner: RegisteredUser; ids: string[] }> => {
    // Not a founder (the first 50 accounts): their companies are never on a trial.
    const owner = await registerOrdinaryUser();
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const created = await call<Company>('POST', '/companies', {
        token: owner.token,
        body: company(fields(index)),
      });
      expect(created.status).toBe(201);
      ids.push(created.body._id);
      if (index === 0) await setPaidTier(created.body._id, 'gold');
    }
    return { owner, ids };
  };

  const listPage = (owner: RegisteredUser, query = '') =>
    call<CompanyPage>('GET', `/companies/user/${owner.user._id}${query}`, { token: owner.token });

  /** Every page from the first, following nextCursor; the answers in order. */
  const allPages = async (owner: RegisteredUser, limit?: number): Promise<CompanyPage[]> => {
    const pages: CompanyPage[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams();
      if (limit) query.set('limit', String(limit));
      if (cursor) query.set('cursor', cursor);
      const page = await listPage(owner, query.size ? `?${query}` : '');
      expect(page.status).toBe(200);
      pages.push(page.body);
      cursor = page.body.nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  };

  it('answers 20 companies a page by default, oldest first, and the next page by its cursor', async () => {
    const { owner, ids } = await ownerWith(25);
    const pages = await allPages(owner);
    expect(pages.map((page) => page.data.length)).toEqual([20, 5]);
    expect(pages.map((page) => page.total)).toEqual([25, 25]);
    expect(pages[0]!.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(pages[1]!.nextCursor).toBeNull();
    expect(pages.flatMap((page) => page.data.map((c) => c._id))).toEqual(ids);

    // Any size of page; the last one says it is the last (no empty page after it), even when the
    // companies fill it exactly.
    const tens = await allPages(owner, 10);
    expect(tens.map((page) => page.data.length)).toEqual([10, 10, 5]);
    expect(tens.flatMap((page) => page.data.map((c) => c._id))).toEqual(ids);
    const fives = await allPages(owner, 5);
    expect(fives.map((page) => page.data.length)).toEqual([5, 5, 5, 5, 5]);
    const all = await listPage(owner, '?limit=100');
    expect(all.body.data.map((c) => c._id)).toEqual(ids);
    expect(all.body.nextCursor).toBeNull();

    // A deleted company leaves the pages and the count at once.
    await call('DELETE', `/companies/${ids[3]}`, { token: owner.token });
    const after = await allPages(owner, 10);
    expect(after.flatMap((page) => page.data.map((c) => c._id))).toEqual(
      ids.filter((_, index) => index !== 3),
    );
    expect(after.map((page) => page.total)).toEqual([24, 24, 24]);
  });

  it('refuses a limit outside 1 to 100 and a cursor that is not a place in this list', async () => {
    const { owner } = await ownerWith(3);
    const other = await ownerWith(3);
    for (const limit of ['101', '0', '-1', '2.5', 'ten']) {
      const refused = await listPage(owner, `?limit=${limit}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((refused.body as unknown as { fields: Record<string, string> }).fields.limit).toMatch(
        /^limit must be/,
      );
    }
    expect((await listPage(owner, '?limit=100')).body.data).toHaveLength(3);

    const othersCursor = (await listPage(other.owner, '?limit=1')).body.nextCursor!;
    const forged = Buffer.from(JSON.stringify({ pk: 'a', password: 'b' })).toString('base64url');
    for (const cursor of [othersCursor, forged, 'not+base64', 'e30']) {
      const refused = await listPage(owner, `?limit=1&cursor=${encodeURIComponent(cursor)}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { cursor: expect.any(String) },
      });
    }
    // The other owner's cursor still reads their own list.
    const theirs = await listPage(other.owner, `?limit=1&cursor=${othersCursor}`);
    expect(theirs.body.data).toHaveLength(1);
  });

  it('answers only what the lists show: no brand voice, no full description, no billing details', async () => {
    const description =
      `${'Small-batch roasters in Portland, two cafés and a wholesale list. '.repeat(40)}`.slice(
        0,
        2000,
      );
    const { owner, ids } = await ownerWith(2, (index) => ({
      name: `Company ${index}`,
      description: index === 0 ? description : 'Short and sweet',
    }));
    const { body } = await listPage(owner);
    const [long, short] = body.data as CompanySummary[];
    expect(Object.keys(long!).sort()).toEqual([
      '_id',
      'agenda',
      'brandColors',
      'descriptionPreview',
      'founder',
      'name',
      'stripeSubscriptionId',
      'subscription',
      'subscriptionTier',
      'timeZone',
      'trialEndDate',
      'website',
    ]);
    expect(long).toMatchObject({
      _id: ids[0],
      name: 'Company 0',
      website: 'https://harbor.coffee',
      brandColors: ['#0B5FFF', '#E4572E'],
      subscriptionTier: 'gold',
      subscription: { status: 'active' },
      founder: false,
    });
    expect(short).toMatchObject({ subscriptionTier: 'intro', subscription: { status: null } });
    expect(Date.parse(short!.trialEndDate!)).toBeGreaterThan(Date.now());
    expect(long!.descriptionPreview.length).toBeLessThanOrEqual(DESCRIPTION_PREVIEW_MAX + 1);
    expect(long!.descriptionPreview).toMatch(/^Small-batch roasters in Portland.*…$/);
    expect(short!.descriptionPreview).toBe('Short and sweet');
    expect(JSON.stringify(body)).not.toContain('Warm and upbeat');
  });

  it('keeps a page of 100 rich companies small', { timeout: 120_000 }, async () => {
    const long = (text: string) => text.repeat(Math.ceil(2000 / text.length)).slice(0, 2000);
    const { owner, ids } = await ownerWith(100, (index) => ({
      name: `Harbor Coffee Roasters and Bakery ${index}`,
      description: long('Small-batch roasters with two cafés and a wholesale list. '),
      brandVoice: long('Warm, upbeat and plain-spoken, never like an ad. '),
      brandColors: ['#0B5FFF', '#E4572E', '#17BEBB', '#FFC914', '#2E282A'],
    }));
    const page = await listPage(owner, '?limit=100');
    expect(page.body.data).toHaveLength(100);
    expect(page.body.nextCursor).toBeNull();
    const pageBytes = Buffer.byteLength(JSON.stringify(page.body));
    const oneCompany = await call('GET', `/companies/${ids[1]}`, { token: owner.token });
    const fullBytes = Buffer.byteLength(JSON.stringify(oneCompany.body));
    // A whole company is over 4 KB here; its summary is well under one.
    expect(fullBytes).toBeGreaterThan(4000);
    expect(pageBytes / 100).toBeLessThan(700);
  });
});
