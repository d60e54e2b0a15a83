import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_ATTEMPTS_PER_CLIENT } from '#shared/domain/limits';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { useLocalTable } from '#test/support/local-table';
import { DEVICE_COOKIE_PREFIX } from '#functions/auth/device-cookie';
import { handler as authHandler } from '#functions/auth/handler';
import { hashPassword } from '#functions/core/auth/passwords';
import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import { createAccount } from '#functions/domain/accounts/accounts';
import { uniqueClaimEntity } from '#functions/core/db/entities/unique-claim';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { companyEntity } from '#functions/core/db/entities/company';
import { contentEntity } from '#functions/core/db/entities/content';
import { publishWatchEntity } from '#functions/core/db/entities/publish-watch';
import { userEntity } from '#functions/core/db/entities/user';
import { logger } from '#functions/core/logger';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { runMorningDrafts } from '#functions/jobs/daily-drafts/morning-drafts';
import { publishPost } from '#functions/jobs/publisher/publish-post';
import { storeConnection } from '#functions/platforms/credentials';
import { handler as smsInbound } from '#functions/jobs/sms-inbound/handler';
import { handler as sweeper } from '#functions/jobs/sweeper/handler';
import { db } from '#functions/core/db/client';
import { TABLE_KEYS } from '#functions/core/db/table';

/**
 * The partition keys the hot paths write, recorded from the real code against DynamoDB Local, for
 * two companies (or accounts) each: what runs for every company every day — its morning (drafts
 * and the text), the owner's text reply (`1 YES`: the approval, its slot and schedule), a post's
 * publishing (and the token refresh before it), the hourly sweep over a post that missed its
 * schedule — and sign-in with every rate limit it counts. A partition both write is written by
 * every company or every request: a hot key, which fails the test unless it is one of the shared
 * items kept on purpose, each listed with why.
 */
const SHARED_ON_PURPOSE: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /^\$sailpost#rule_throughput:/,
    why: 'a token bucket of an outside limit: one item per limit by design (functions/core/limits/throughput.ts says why that holds at the configured rates, and how it is split when not)',
  },
  {
    // Results due sit in `shard_<n>`, publish watches in `queue_posts-<n>`; the watches' old single
    // partition (`queue_posts`, read but no longer written) is not a shard and is not allowed.
    pattern: /^\$sailpost#(shard_\d+|queue_posts-\d+) \(gsi\d+pk\)$/,
    why: "a shard of a due index (publish watches, results due): spread by the post's id over a fixed number of partitions, so two companies' posts share one by chance and each takes its share of the writes",
  },
  {
    pattern: /^business#\d+$/,
    why: "a shard of the business's daily counters (functions/core/db/business-counts.ts): each day is spread over BUSINESS_COUNT_SHARDS items by the writer's id, so two companies share one by chance and each shard takes a tenth of the day's counts",
  },
  {
    pattern: /^\$sailpost#reconnectionwatch_due \(gsi2pk\)$/,
    why: "the one partition of the index of connections whose owner is due a reconnection warning (functions/platforms/connection-health.ts): a connection whose end is known (LinkedIn's, Meta's) sits in it all its life, so it is written whenever one is stored, refreshed or warned about. X's refresh tokens have no end, so the refresh before most X posts never touches it; LinkedIn's access tokens last 60 days, so 100,000 companies refresh about 1,700 a day, a few index writes each: far under one write a second",
  },
  {
    pattern: /^\$sailpost$/,
    why: "the one partition of the sandbox's outbox of texts, which stands in for End User Messaging: never written in AWS",
  },
];

type Item = Record<string, unknown>;
/** One write of a command's input: its table, and the item's key or the whole item. */
interface Entry {
  TableName?: string;
  Key?: Item;
  Item?: Item;
}

/** One item a write command writes: its table and key, and the whole item when it is a put. */
interface Target {
  table: string;
  key: Item;
  put?: Item;
  /** A condition check: counted on its partition, but it writes no index. */
  checkOnly?: boolean;
}

const keyOf = (item: Item): Item => ({
  [TABLE_KEYS.partitionKey]: item[TABLE_KEYS.partitionKey],
  [TABLE_KEYS.sortKey]: item[TABLE_KEYS.sortKey],
});

/** The items a write command writes (none for a read). */
const targetsOf = (command: { constructor: { name: string }; input: unknown }): Target[] => {
  const input = command.input as Entry & {
    TransactItems?: Record<string, Entry>[];
    RequestItems?: Record<string, { PutRequest?: Entry; DeleteRequest?: Entry }[]>;
  };
  const target = (entry: Entry, checkOnly = false): Target => ({
    table: String(entry.TableName),
    key: entry.Key ?? keyOf(entry.Item!),
    ...(entry.Item ? { put: entry.Item } : {}),
    ...(checkOnly ? { checkOnly } : {}),
  });
  switch (command.constructor.name) {
    case 'PutCommand':
    case 'UpdateCommand':
    case 'DeleteCommand':
      return [target(input)];
    case 'TransactWriteCommand':
      return (input.TransactItems ?? []).flatMap((entry) =>
        Object.entries(entry).map(([action, details]) =>
          target(details, action === 'ConditionCheck'),
        ),
      );
    case 'BatchWriteCommand':
      return Object.entries(input.RequestItems ?? {}).flatMap(([table, requests]) =>
        requests.map((request) =>
          target({ TableName: table, ...(request.PutRequest ?? request.DeleteRequest) }),
        ),
      );
    default:
      return [];
  }
};

/** `pk`, or an index's partition key (`… (gsi1pk)`), of an item. */
const partitionsIn = (item: Item | undefined, names: RegExp): string[] =>
  item
    ? Object.entries(item)
        .filter(([name]) => names.test(name))
        .map(([name, value]) => `${String(value)}${name === 'pk' ? '' : ` (${name})`}`)
    : [];
const INDEX_KEYS = /^gsi\d+pk$/;

describe('the partition keys of the hot paths', () => {
  useLocalTable({
    CREDENTIAL_KEY: 'k'.repeat(64),
    SANDBOX: 'true',
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'k'.repeat(48),
  });
  afterEach(() => {
    vi.restoreAllMocks();
    // An endpoint's Lambda-context middleware puts the log level back to its initial one.
    logger.setLogLevel('SILENT');
  });

  /** The sandbox's events service: takes every schedule and job start the paths ask for. */
  let events: FakeHttpService;
  beforeAll(async () => {
    events = await startFakeHttpService((request) =>
      request.url.startsWith('/_sandbox/api/jobs/') ? { status: 202 } : { status: 200 },
    );
    process.env.SANDBOX_URL = events.origin;
  });
  afterAll(() => events.close());

  /**
   * What `work` writes, by partition: each written item's own, and every index partition the
   * write changes. The indexes project whole items, so any change to an item that sits in an
   * index writes that index's partition too, even when the command names no index key (an update
   * of a watched attribute, a delete): the item is read as it was before a write and after it.
   */
  const recorded = async (work: () => Promise<unknown>): Promise<Set<string>> => {
    const client = db();
    const send = client.send.bind(client) as (
      command: unknown,
      options?: unknown,
    ) => Promise<unknown>;
    const stored = (targets: Target[]) =>
      Promise.all(
        targets.map(async ({ table, key }) => {
          const read = await send(
            new GetCommand({ TableName: table, Key: key, ConsistentRead: true }),
          );
          return (read as { Item?: Item }).Item;
        }),
      );
    const partitions = new Set<string>();
    const add = (found: string[]) => found.forEach((partition) => partitions.add(partition));
    vi.spyOn(client, 'send').mockImplementation((async (command: never, options: never) => {
      const targets = targetsOf(command);
      const writes = targets.filter((target) => !target.checkOnly);
      for (const target of targets) {
        add(partitionsIn(target.key, /^pk$/));
        add(partitionsIn(target.put, INDEX_KEYS));
      }
      const before = await stored(writes);
      const result = await send(command, options);
      const after = await stored(writes);
      for (const item of [...before, ...after]) add(partitionsIn(item, INDEX_KEYS));
      return result;
    }) as unknown as typeof client.send);
    await work();
    vi.restoreAllMocks();
    return partitions;
  };

  /** An owner with a verified phone, a gold company with X and LinkedIn, a campaign running today. */
  const company = async (index: number) => {
    const userId = randomUUID();
    const companyId = randomUUID();
    const campaignId = randomUUID();
    const phone = `+1555010${String(1000 + index).slice(-4)}`;
    await userEntity()
      .create({
        userId,
        email: `hot-${index}-${userId.slice(0, 8)}@example.com`,
        passwordHash: 'not-a-hash',
        firstName: 'Hot',
        lastName: 'Path',
        phoneNumber: phone,
        phoneVerified: true,
        role: 'user',
      } as never)
      .go();
    // The claim verifying the number writes: a text from it is the owner's.
    await uniqueClaimEntity().create({ kind: 'phone', value: phone, userId }).go();
    await companyEntity()
      .create({
        companyId,
        userId,
        name: `Harbor ${index}`,
        brandColors: [],
        subscriptionTier: 'gold',
        subscriptionStatus: 'active',
        stripeSubscriptionId: `sub_${index}`,
      } as never)
      .go();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
    await campaignEntity()
      .create({
        companyId,
        campaignId,
        name: 'Spring',
        status: 'active',
        platforms: ['twitter', 'linkedin'],
        startDate: day(-1),
        endDate: day(30),
      } as never)
      .go();
    for (const platform of ['twitter', 'linkedin'] as const) {
      await storeConnection({
        companyId,
        platform,
        account: { id: `${platform}-${companyId}`, handle: '@harbor', displayName: 'Harbor' },
        grant: {
          accessToken: 'access',
          refreshToken: 'refresh',
          expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
          scopes: [],
        },
      });
    }
    return { companyId, campaignId, phone };
  };

  const shared = (first: Set<string>, second: Set<string>) =>
    [...first]
      .filter((partition) => second.has(partition))
      .filter((partition) => !SHARED_ON_PURPOSE.some(({ pattern }) => pattern.test(partition)));

  it("a company's morning writes no partition another company's morning writes", async () => {
    const [first, second] = [await company(1), await company(2)];
    const firstKeys = await recorded(async () => {
      const morning = await runMorningDrafts(first.companyId, logger);
      expect(morning).toMatchObject({ status: 'drafted', drafts: 2, text: 'sent' });
    });
    const secondKeys = await recorded(async () => {
      const morning = await runMorningDrafts(second.companyId, logger);
      expect(morning).toMatchObject({ status: 'drafted', drafts: 2, text: 'sent' });
    });
    expect(firstKeys.size).toBeGreaterThan(5);
    expect(shared(firstKeys, secondKeys)).toEqual([]);
  }, 60_000);

  it("a post's publishing writes no partition another company's publishing writes", async () => {
    const client = {
      platform: 'twitter',
      publish: async () => ({ postId: randomUUID(), url: 'https://x.com/harbor/status/1' }),
    } as unknown as SocialClient;
    const post = async (index: number) => {
      const { companyId, campaignId } = await company(10 + index);
      const event = { companyId, campaignId, contentId: randomUUID(), attempt: 1 };
      await contentEntity()
        .create({
          ...event,
          platform: 'twitter',
          status: 'scheduled',
          content: 'Fresh roast at dawn',
          generation: { source: 'offline' },
          scheduledFor: new Date().toISOString(),
          publishAttempt: 1,
        })
        .go();
      return event;
    };
    const [first, second] = [await post(1), await post(2)];
    const publish = (event: typeof first) => async () =>
      expect(await publishPost(event, logger, { clientFor: async () => client })).toBe('published');
    const firstKeys = await recorded(publish(first));
    const secondKeys = await recorded(publish(second));
    expect(firstKeys.size).toBeGreaterThan(1);
    expect(shared(firstKeys, secondKeys)).toEqual([]);
  }, 60_000);

  for (const { name, platform, refreshEnds, owners } of [
    { name: 'an X', platform: 'twitter', refreshEnds: false, owners: 40 },
    { name: 'a LinkedIn', platform: 'linkedin', refreshEnds: true, owners: 50 },
  ] as const) {
    it(`${name} post whose access token has run out refreshes it and publishes, writing no partition another company's writes`, async () => {
      const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
      // X's refresh tokens have no set end; LinkedIn's do, which puts the connection on the
      // reconnection watch (the index of connections whose owner is due a warning).
      const grant = () => ({
        accessToken: `access-${randomUUID()}`,
        refreshToken: `refresh-${randomUUID()}`,
        expiresAt: inDays(platform === 'twitter' ? 1 / 12 : 60),
        ...(refreshEnds ? { refreshTokenExpiresAt: inDays(365) } : {}),
        scopes: [],
      });
      let refreshes = 0;
      const client = {
        platform,
        refresh: async () => {
          refreshes++;
          return grant();
        },
        publish: async () => ({ postId: randomUUID(), url: 'https://example.com/posts/1' }),
      } as unknown as SocialClient;
      const post = async (index: number) => {
        const { companyId, campaignId } = await company(owners + index);
        await storeConnection({
          companyId,
          platform,
          account: { id: `${platform}-${companyId}`, handle: '@harbor', displayName: 'Harbor' },
          grant: { ...grant(), expiresAt: inDays(-1 / 24) },
        });
        const event = { companyId, campaignId, contentId: randomUUID(), attempt: 1 };
        await contentEntity()
          .create({
            ...event,
            platform,
            status: 'scheduled',
            content: 'Fresh roast at dawn',
            generation: { source: 'offline' },
            scheduledFor: new Date().toISOString(),
            publishAttempt: 1,
          })
          .go();
        return event;
      };
      const [first, second] = [await post(1), await post(2)];
      const publish = (event: typeof first) => async () =>
        expect(await publishPost(event, logger, { clientFor: async () => client })).toBe(
          'published',
        );
      const firstKeys = await recorded(publish(first));
      const secondKeys = await recorded(publish(second));
      expect(refreshes).toBe(2);
      expect(shared(firstKeys, secondKeys)).toEqual([]);
    }, 60_000);
  }

  it("an owner's text reply writes no partition another owner's reply writes", async () => {
    const owners = [await company(21), await company(22)];
    for (const owner of owners) {
      const morning = await runMorningDrafts(owner.companyId, logger);
      expect(morning).toMatchObject({ status: 'drafted', drafts: 2, text: 'sent' });
    }
    // "1 YES" to the morning's text, as End User Messaging delivers it: the reply job approves
    // the first draft, which takes its slot and its publishing schedule.
    const reply = (owner: (typeof owners)[number]) => async () => {
      const outcome = await smsInbound({
        originationNumber: owner.phone,
        messageBody: '1 YES',
        inboundMessageId: randomUUID(),
      });
      expect(outcome).toMatchObject({
        status: 'done',
        result: { outcome: 'approve', answer: expect.stringMatching(/^Approved 1 post: it goes/) },
      });
    };
    events.requests.length = 0;
    const firstKeys = await recorded(reply(owners[0]!));
    const secondKeys = await recorded(reply(owners[1]!));
    expect(
      events.requests.filter(
        ({ method, url }) => method === 'PUT' && url.startsWith('/_sandbox/api/schedules/publish-'),
      ),
    ).toHaveLength(2);
    expect(firstKeys.size).toBeGreaterThan(5);
    expect(shared(firstKeys, secondKeys)).toEqual([]);
  }, 60_000);

  it("an account's sign-in, its limits included, writes no partition another account's writes", async () => {
    const password = 'correct-horse-battery';
    const passwordHash = await hashPassword(password);
    const account = (index: number) =>
      createAccount({
        email: `sign-in-${index}-${randomUUID().slice(0, 8)}@example.com`,
        passwordHash,
        firstName: 'Sign',
        lastName: 'In',
        phoneNumber: `+1555011${String(1000 + index).slice(-4)}`,
      });
    const context = {
      functionName: 'auth',
      awsRequestId: 'request',
      getRemainingTimeInMillis: () => 10_000,
    } as Partial<Context> as Context;
    const login = (
      body: { email: string; password: string },
      address: string,
      cookies: string[] = [],
    ) =>
      authHandler(
        {
          routeKey: 'POST /api/auth/login',
          rawPath: '/api/auth/login',
          headers: { 'content-type': 'application/json', [VIEWER_ADDRESS_HEADER]: address },
          cookies,
          body: JSON.stringify(body),
          isBase64Encoded: false,
          requestContext: {
            requestId: randomUUID(),
            http: { method: 'POST', path: '/api/auth/login', sourceIp: address },
          },
        } as unknown as APIGatewayProxyEventV2,
        context,
      );
    // Every rule sign-in counts: a run of wrong passwords from one address up to its lockout
    // (attempts per email and address, the lockouts, the account's ceiling), the right one from
    // another address, then the right one again from the browser it remembered (its device).
    const signIns = (email: string, index: number) => async () => {
      for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_CLIENT; attempt++) {
        const refused = await login({ email, password: 'wrong-horse-battery' }, `10.34.${index}.1`);
        expect(refused.statusCode).toBe(401);
      }
      const signedIn = await login({ email, password }, `10.34.${index}.2`);
      expect(signedIn.statusCode).toBe(200);
      const device = signedIn.cookies
        ?.find((cookie) => cookie.startsWith(DEVICE_COOKIE_PREFIX))
        ?.split(';')[0];
      expect(device).toBeDefined();
      expect((await login({ email, password }, `10.34.${index}.3`, [device!])).statusCode).toBe(
        200,
      );
    };
    const [first, second] = [await account(1), await account(2)];
    const firstKeys = await recorded(signIns(first.email, 1));
    const secondKeys = await recorded(signIns(second.email, 2));
    const rules = (keys: Set<string>) =>
      [...keys].map((key) => /^\$sailpost#rule_([\w-]+)#/.exec(key)?.[1]).filter(Boolean);
    expect(new Set(rules(firstKeys))).toEqual(
      new Set(['login-client', 'login-lockouts', 'login-account', 'login-device']),
    );
    expect(shared(firstKeys, secondKeys)).toEqual([]);
  }, 60_000);

  it("the sweeper's run for one company's overdue post writes no partition its run for another's writes", async () => {
    const companies = [await company(31), await company(32)];
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    // A post whose schedule never fired, due to the sweeper since.
    const overdue = async ({ companyId, campaignId }: (typeof companies)[number]) => {
      const post = { companyId, campaignId, contentId: randomUUID() };
      await contentEntity()
        .create({
          ...post,
          platform: 'twitter',
          status: 'scheduled',
          content: 'Fresh roast at dawn',
          generation: { source: 'offline' },
          scheduledFor: ago(60),
          publishAttempt: 1,
        })
        .go();
      await publishWatchEntity()
        .put({ ...post, kind: 'publish', dueAt: ago(45) })
        .go();
    };
    // The hourly run, which hands the post to the publisher and looks at it again later.
    const run = async () =>
      expect(await sweeper({ time: new Date().toISOString() })).toMatchObject({
        status: 'done',
        result: {
          publishing: { slotted: 0, fired: 1, failedUnknown: 0, deferred: 0, done: 0 },
        },
      });
    await overdue(companies[0]!);
    const firstKeys = await recorded(run);
    await overdue(companies[1]!);
    const secondKeys = await recorded(run);
    expect(firstKeys.size).toBeGreaterThan(1);
    expect(shared(firstKeys, secondKeys)).toEqual([]);
  }, 60_000);
});
