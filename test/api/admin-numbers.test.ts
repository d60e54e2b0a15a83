import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessNumbers } from '#shared/contract/admin';
import { utcDayOf } from '#shared/domain/business-numbers';
import { TABLE_NAME } from '#infra/sandbox/function-environment';
import { startBenchSandbox, type BenchSandbox } from '../../scripts/bench/sandbox-child';
import { sandboxTableClient } from '../../scripts/bench/sandbox-table';
import { setRole } from './db';
import { call, newClientAddress, registerUser, uniqueIdentity } from './http';

/**
 * The admin page's numbers. The funnel is checked on a sandbox of its own (the other files share
 * one, and their accounts are counted there too): it is seeded through the API — accounts, some
 * with a verified phone, some with a company, an X account, an approved and a published post —
 * and the funnel must match what the table itself holds, counted item by item.
 */

let sandbox: BenchSandbox;
beforeAll(async () => {
  sandbox = await startBenchSandbox('none', { ramDisk: true });
}, 180_000);
afterAll(() => sandbox?.stop());

/** A call to the fresh sandbox. */
const at = <T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) => call<T>(method, path, { ...options, origin: sandbox.url, from: newClientAddress() });

const sandboxJson = async <T>(path: string, init?: RequestInit): Promise<T> => {
  const response = await fetch(`${sandbox.url}${path}`, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

interface Person {
  token: string;
  userId: string;
  email: string;
  phoneNumber: string;
}

const register = async (): Promise<Person> => {
  const identity = uniqueIdentity();
  const answer = await at<{ access_token: string; user: { _id: string; phoneNumber: string } }>(
    'POST',
    '/auth/register',
    {
      body: {
        ...identity,
        password: 'correct-horse-battery',
        firstName: 'Ada',
        lastName: 'Byron',
      },
    },
  );
  expect(answer.status).toBe(201);
  return {
    token: answer.body.access_token,
    userId: answer.body.user._id,
    email: identity.email,
    phoneNumber: answer.body.user.phoneNumber,
  };
};

const verifyPhone = async (person: Person) => {
  const sent = await at('POST', '/auth/2fa/enable', {
    token: person.token,
    body: { phoneNumber: person.phoneNumber, isVerification: true },
  });
  expect(sent.status).toBe(200);
  const { messages } = await sandboxJson<{ messages: { text: string }[] }>(
    `/_sandbox/api/messages?to=${encodeURIComponent(person.phoneNumber)}`,
  );
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  const verified = await at('POST', '/auth/2fa/verify', {
    token: person.token,
    body: { code, isVerification: true },
  });
  expect(verified.status).toBe(200);
};

const createCompany = async (person: Person): Promise<string> => {
  const company = await at<{ _id: string }>('POST', '/companies', {
    token: person.token,
    body: { name: 'Harbor Coffee' },
  });
  expect(company.status).toBe(201);
  return company.body._id;
};

/** Connects X through the stand-in's consent page, as the browser would. */
const connectX = async (person: Person, companyId: string) => {
  const consent = await at<{ url: string }>('GET', `/platforms/twitter/auth/${companyId}`, {
    token: person.token,
  });
  expect(consent.status).toBe(200);
  const cookie = consent.headers
    .getSetCookie()
    .find((line) => line.startsWith('sailpost_oauth_'))!
    .split(';')[0]!;
  const url = new URL(consent.body.url);
  url.searchParams.set('decision', 'allow');
  url.searchParams.set('account', `harbor-${randomUUID().slice(0, 8)}`);
  const provider = await fetch(url, { redirect: 'manual' });
  const back = new URL(provider.headers.get('location')!, sandbox.url);
  const landed = await at<undefined>(
    'GET',
    `${back.pathname.replace(/^\/api/, '')}${back.search}`,
    {
      headers: { cookie },
    },
  );
  expect(landed.headers.get('location')).toContain('success=true');
};

/** A campaign running today on X, and a post the offline drafter writes for it. */
const draftPost = async (person: Person, companyId: string) => {
  const day = (offset: number) => utcDayOf(Date.now() + offset * 86_400_000);
  const campaign = await at<{ _id: string }>('POST', '/campaigns', {
    token: person.token,
    body: {
      company: companyId,
      name: 'Spring menu',
      status: 'active',
      platforms: ['twitter'],
      startDate: day(-1),
      endDate: day(30),
    },
  });
  expect(campaign.status).toBe(201);
  const started = await at<{ generationId: string }>(
    'POST',
    `/campaigns/${campaign.body._id}/generate`,
    { token: person.token, body: { platform: 'twitter', sendNotification: false } },
  );
  expect(started.status).toBe(202);
  for (let poll = 0; poll < 100; poll++) {
    const generation = await at<{ status: string; contentId?: string }>(
      'GET',
      `/ai/generations/${started.body.generationId}`,
      { token: person.token },
    );
    if (generation.body.status === 'succeeded') {
      return { campaignId: campaign.body._id, contentId: generation.body.contentId! };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the draft was not written');
};

const approve = async (person: Person, post: { campaignId: string; contentId: string }) => {
  const approved = await at(
    'POST',
    `/campaigns/${post.campaignId}/content/${post.contentId}/approve`,
    {
      token: person.token,
      body: { status: 'approved' },
    },
  );
  expect(approved.status).toBe(200);
};

const publishNow = async (person: Person, post: { campaignId: string; contentId: string }) => {
  const scheduled = await at(
    'POST',
    `/campaigns/${post.campaignId}/content/${post.contentId}/schedule`,
    { token: person.token, body: { now: true } },
  );
  expect(scheduled.status).toBe(200);
  for (let poll = 0; poll < 200; poll++) {
    const content = await at<{ status: string }>(
      'GET',
      `/campaigns/${post.campaignId}/content/${post.contentId}`,
      { token: person.token },
    );
    if (content.body.status === 'published') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the post was not published');
};

/** Every item of one entity in the fresh sandbox's table (a scan is fine in a test). */
const itemsOf = async (entity: string): Promise<Record<string, unknown>[]> => {
  const db = sandboxTableClient(sandbox.dynamoDbEndpoint);
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: '#entity = :entity',
        ExpressionAttributeNames: { '#entity': '__edb_e__' },
        ExpressionAttributeValues: { ':entity': entity },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

describe('the admin funnel on a seeded sandbox', () => {
  it('matches the counts computed from the table itself', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, register));
    for (const person of people.slice(0, 4)) await verifyPhone(person);
    // One account makes a company without verifying its phone: the steps are counted apart.
    const withCompany = [people[0]!, people[1]!, people[4]!];
    const companies = new Map<Person, string>();
    for (const person of withCompany) companies.set(person, await createCompany(person));
    for (const person of [people[0]!, people[1]!]) await connectX(person, companies.get(person)!);
    const first = await draftPost(people[0]!, companies.get(people[0]!)!);
    const second = await draftPost(people[1]!, companies.get(people[1]!)!);
    await approve(people[0]!, first);
    await approve(people[1]!, second);
    await publishNow(people[0]!, first);

    const admin = people[5]!;
    await sandboxJson('/_sandbox/api/users/role', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, role: 'admin' }),
    });
    const today = utcDayOf(new Date());
    const answer = await at<BusinessNumbers>('GET', `/admin/business?from=${today}&to=${today}`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    const funnel = Object.fromEntries(answer.body.funnel.map((row) => [row.step, row.count]));

    // The same numbers from the items themselves.
    const [users, companyItems, credentials, posts] = await Promise.all([
      itemsOf('user'),
      itemsOf('company'),
      itemsOf('platformCredential'),
      itemsOf('content'),
    ]);
    const ownerOf = new Map(companyItems.map((item) => [item.companyId, item.userId]));
    const ownersOf = (items: Record<string, unknown>[]) =>
      new Set(items.map((item) => ownerOf.get(item.companyId))).size;
    const reviewedStatuses = ['approved', 'scheduled', 'publishing', 'published', 'failed'];
    expect(funnel).toEqual({
      signedUp: users.length,
      phoneVerified: users.filter((user) => user.phoneVerified).length,
      companyCreated: new Set(companyItems.map((item) => item.userId)).size,
      platformConnected: ownersOf(credentials.filter((item) => item.connected)),
      firstPostApproved: ownersOf(
        posts.filter((post) => reviewedStatuses.includes(String(post.status))),
      ),
      firstPostPublished: ownersOf(posts.filter((post) => post.status === 'published')),
    });
    // And what was seeded, so the comparison above cannot pass on two empty tables.
    expect(funnel).toEqual({
      signedUp: 6,
      phoneVerified: 4,
      companyCreated: 3,
      platformConnected: 2,
      firstPostApproved: 2,
      firstPostPublished: 1,
    });
    // Waits were measured between the steps (all within minutes here).
    expect(answer.body.funnel.find((row) => row.step === 'phoneVerified')?.medianWait).toEqual({
      fromSeconds: 0,
      toSeconds: 60,
    });
    const [day] = answer.body.days;
    expect(day).toMatchObject({ day: today, signUps: 6, published: { twitter: 1 } });
    // Four verification codes (and nothing else was texted).
    expect(day?.textsSent).toBe(4);
    // Three companies on their 14-day trial: none ends this week; nobody pays yet.
    expect(answer.body.trialsEndingThisWeek).toBe(0);
    expect(answer.body.paying.mrr).toBe(0);

    const csv = await at<{ fileName: string; csv: string }>(
      'GET',
      `/admin/business/export?from=${today}&to=${today}`,
      { token: admin.token },
    );
    expect(csv.status).toBe(200);
    expect(csv.body.fileName).toBe(`sailpost-numbers-${today}-to-${today}.csv`);
    expect(csv.body.csv).toContain(`"${today}","6","4","1"`);
    expect(csv.body.csv).toContain('"First post published","1"');
  }, 180_000);
});

describe('the admin routes', () => {
  it.each(['user', 'staff', 'founder'] as const)(
    'answer a %s 404, as a route that does not exist',
    async (role) => {
      const { token, user } = await registerUser();
      if (role !== 'user') await setRole(user._id, role);
      for (const path of ['/admin/business', '/admin/business/export']) {
        const answer = await call(`GET`, path, { token });
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe('NOT_FOUND');
      }
    },
  );

  it('refuse a range that ends before it starts, or is longer than a year', async () => {
    const { token, user } = await registerUser();
    await setRole(user._id, 'admin');
    const backwards = await call('GET', '/admin/business?from=2026-03-02&to=2026-03-01', { token });
    expect(backwards.status).toBe(400);
    const long = await call('GET', '/admin/business?from=2024-01-01&to=2026-01-01', { token });
    expect(long.status).toBe(400);
    const fine = await call<BusinessNumbers>(
      'GET',
      '/admin/business?from=2026-03-01&to=2026-03-03',
      {
        token,
      },
    );
    expect(fine.status).toBe(200);
    expect(fine.body.days.map((day) => day.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
    ]);
  });
});
