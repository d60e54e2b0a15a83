import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { companyEntity } from '#functions/core/db/entities/company';
import { contentEntity } from '#functions/core/db/entities/content';
import { userEntity } from '#functions/core/db/entities/user';
import { logger } from '#functions/core/logger';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { runMorningDrafts } from '#functions/jobs/daily-drafts/morning-drafts';
import { publishPost } from '#functions/jobs/publisher/publish-post';
import { storeConnection } from '#functions/platforms/credentials';
import { db } from '#functions/core/db/client';

/**
 * The partition keys the hot paths write — a company's morning and a post's publishing, the two
 * that run for every company every day — recorded from the real code against DynamoDB Local, for
 * two companies. A partition both write is written by every company: a hot key, which fails the
 * test unless it is one of the shared items kept on purpose, each listed with why.
 */
const SHARED_ON_PURPOSE: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /^\$sailpost#rule_throughput:/,
    why: 'a token bucket of an outside limit: one item per limit by design (functions/core/limits/throughput.ts says why that holds at the configured rates, and how it is split when not)',
  },
  {
    pattern: /^\$sailpost#shard_\d+ \(gsi\d+pk\)$/,
    why: "a shard of a due index (publish watches, results due): spread by the post's id over a fixed number of partitions, so two companies' posts share one by chance and each takes its share of the writes",
  },
  {
    pattern: /^business#\d+$/,
    why: "a shard of the business's daily counters (functions/core/db/business-counts.ts): each day is spread over BUSINESS_COUNT_SHARDS items by the writer's id, so two companies share one by chance and each shard takes a tenth of the day's counts",
  },
  {
    pattern: /^\$sailpost$/,
    why: "the one partition of the sandbox's outbox of texts, which stands in for End User Messaging: never written in AWS",
  },
];

type Written = Record<string, unknown> | undefined;

/** The partition keys (table and index) a write command touches. */
const partitionsOf = (command: { constructor: { name: string }; input: unknown }): string[] => {
  const input = command.input as Record<string, unknown>;
  const items: Written[] = [];
  const keyed = (entry: Record<string, Record<string, unknown> | undefined>) => {
    items.push(entry.Item, entry.Key);
  };
  switch (command.constructor.name) {
    case 'PutCommand':
    case 'UpdateCommand':
    case 'DeleteCommand':
      keyed(input as Record<string, Record<string, unknown>>);
      break;
    case 'TransactWriteCommand':
      for (const entry of input.TransactItems as Record<string, Record<string, unknown>>[]) {
        for (const action of Object.values(entry)) {
          keyed(action as Record<string, Record<string, unknown>>);
        }
      }
      break;
    case 'BatchWriteCommand':
      for (const requests of Object.values(
        input.RequestItems as Record<string, Record<string, Record<string, unknown>>[]>,
      )) {
        for (const request of requests) {
          items.push(request.PutRequest?.Item as Written, request.DeleteRequest?.Key as Written);
        }
      }
      break;
    default:
      return [];
  }
  return items.flatMap((item) =>
    item
      ? Object.entries(item)
          .filter(([name]) => /^(pk|gsi\d+pk)$/.test(name))
          .map(([name, value]) => `${String(value)}${name === 'pk' ? '' : ` (${name})`}`)
      : [],
  );
};

describe('the partition keys of the hot paths', () => {
  useLocalTable({
    CREDENTIAL_KEY: 'k'.repeat(64),
    SANDBOX: 'true',
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'k'.repeat(48),
  });
  afterEach(() => vi.restoreAllMocks());

  /** What `work` writes, by partition. */
  const recorded = async (work: () => Promise<unknown>): Promise<Set<string>> => {
    const client = db();
    const send = client.send.bind(client);
    const partitions = new Set<string>();
    vi.spyOn(client, 'send').mockImplementation(((command: never, options: never) => {
      for (const partition of partitionsOf(command)) partitions.add(partition);
      return send(command, options);
    }) as typeof client.send);
    await work();
    vi.restoreAllMocks();
    return partitions;
  };

  /** An owner with a verified phone, a gold company with X and LinkedIn, a campaign running today. */
  const company = async (index: number) => {
    const userId = randomUUID();
    const companyId = randomUUID();
    const campaignId = randomUUID();
    await userEntity()
      .create({
        userId,
        email: `hot-${index}-${userId.slice(0, 8)}@example.com`,
        passwordHash: 'not-a-hash',
        firstName: 'Hot',
        lastName: 'Path',
        phoneNumber: `+1555010${String(1000 + index).slice(-4)}`,
        phoneVerified: true,
        role: 'user',
      } as never)
      .go();
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
    return { companyId, campaignId };
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
});
