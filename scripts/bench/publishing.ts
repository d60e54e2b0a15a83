import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { median } from './stats';
import { failedRow, infoRow, type Row } from './table';
import { pointEntitiesAt, sandboxTableClient, writeInBatches } from './sandbox-table';

const SECTION = 'Publishing (sandbox)';
/** Posts published one at a time through the publisher, for its time per post. */
const POSTS = 30;
/** Due watches whose posts are already published: the sweeper forgets each. */
const WATCHES = 10_000;

const ms = (value: number) => `${Math.round(value)} ms`;

type Sandbox = { url: string; dynamoDbEndpoint: string };

/**
 * The publisher's time per post and the sweeper's time over 10,000 due watches, against the
 * bench's sandbox. An owner is registered with X connected through the stand-in's consent; posts
 * and watches are written straight into DynamoDB Local with the real entities (batch writes).
 * The publisher runs by name (`POST /_sandbox/api/jobs/publisher/run`), one post at a time, timed
 * per call; the sweeper runs by name until a run finds nothing due (each round reads every shard).
 */
export const measurePublishing = async (sandbox: Sandbox): Promise<Row[]> => {
  try {
    const rows: Row[] = [];
    const context = await prepare(sandbox);
    rows.push(...(await publisherPerPost(sandbox, context)));
    rows.push(...(await sweeperOverWatches(sandbox, context)));
    return rows;
  } catch (error) {
    return [failedRow(SECTION, 'publisher and sweeper', error)];
  }
};

interface Context {
  companyId: string;
  campaignId: string;
  entities: Awaited<ReturnType<typeof entitiesOf>>;
  db: DynamoDBDocumentClient;
}

/** The content and watch entities, pointed at the sandbox's table (they read it when made). */
const entitiesOf = async (sandbox: Sandbox) => {
  pointEntitiesAt(sandbox.dynamoDbEndpoint);
  const [{ contentEntity }, { publishWatchEntity }] = await Promise.all([
    import('#functions/core/db/entities/content'),
    import('#functions/core/db/entities/publish-watch'),
  ]);
  return { content: contentEntity(), watches: publishWatchEntity() };
};

const api = async <T>(
  sandbox: Sandbox,
  method: string,
  path: string,
  { body, token, cookie }: { body?: unknown; token?: string; cookie?: string } = {},
): Promise<{ body: T; response: Response }> => {
  const response = await fetch(`${sandbox.url}/api${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { body: (text ? JSON.parse(text) : undefined) as T, response };
};

const runJob = async <R>(sandbox: Sandbox, job: string, event: unknown) => {
  const response = await fetch(`${sandbox.url}/_sandbox/api/jobs/${job}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
  });
  if (response.status !== 200)
    throw new Error(`${job}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { outcome: { status: string; result?: R } }).outcome;
};

/** An owner with a company, X connected through the stand-in's consent, and a campaign on X. */
const prepare = async (sandbox: Sandbox): Promise<Context> => {
  const suffix = randomUUID().slice(0, 8);
  const {
    body: { access_token: token },
  } = await api<{ access_token: string }>(sandbox, 'POST', '/auth/register', {
    body: {
      email: `bench-publishing-${suffix}@example.com`,
      password: 'benchmark-password',
      firstName: 'Bench',
      lastName: 'Mark',
      phoneNumber: '(555) 010-0001',
    },
  });
  const {
    body: { _id: companyId },
  } = await api<{ _id: string }>(sandbox, 'POST', '/companies', {
    token,
    body: { name: `Bench ${suffix}`, timeZone: 'America/Chicago' },
  });
  const consent = await api<{ url: string }>(
    sandbox,
    'GET',
    `/platforms/twitter/auth/${companyId}`,
    {
      token,
    },
  );
  const cookie = consent.response.headers
    .getSetCookie()
    .find((line) => line.startsWith('sailpost_oauth_'))
    ?.split(';')[0];
  const allow = new URL(consent.body.url);
  allow.searchParams.set('decision', 'allow');
  allow.searchParams.set('account', `bench-${suffix}`);
  const location = (await fetch(allow, { redirect: 'manual' })).headers.get('location');
  if (!location || !cookie) throw new Error('the stand-in of X did not send the browser back');
  const back = new URL(location, sandbox.url);
  const landed = await fetch(back, { redirect: 'manual', headers: { cookie } });
  if (!landed.headers.get('location')?.includes('success=true'))
    throw new Error(`connecting X failed: ${landed.headers.get('location')}`);
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const {
    body: { _id: campaignId },
  } = await api<{ _id: string }>(sandbox, 'POST', '/campaigns', {
    token,
    body: {
      company: companyId,
      name: 'Bench menu',
      status: 'active',
      platforms: ['twitter'],
      startDate: day(-1),
      endDate: day(30),
      schedule: { timeZone: 'America/New_York', days: ['mon'], times: ['09:00'] },
      contentSeeds: { brandVoice: 'Warm', keyMessages: ['Fresh roast'], contentInstructions: '' },
    },
  });
  const db = sandboxTableClient(sandbox.dynamoDbEndpoint);
  return { companyId, campaignId, entities: await entitiesOf(sandbox), db };
};

const postItem = (context: Context, contentId: string, fields: Record<string, unknown>) =>
  context.entities.content
    .put({
      companyId: context.companyId,
      campaignId: context.campaignId,
      contentId,
      platform: 'twitter',
      status: 'scheduled',
      content: `Fresh roast at dawn #${contentId.slice(0, 8)}`,
      generation: { source: 'offline' },
      scheduledFor: new Date().toISOString(),
      publishAttempt: 1,
      ...fields,
    } as never)
    .params<{ Item: Record<string, unknown> }>().Item;

const batchWrite = (context: Context, items: Record<string, unknown>[]) =>
  writeInBatches(context.db, items);

const publisherPerPost = async (sandbox: Sandbox, context: Context): Promise<Row[]> => {
  console.log(`Publishing: ${POSTS} posts through the publisher, one at a time…`);
  const ids = Array.from({ length: POSTS }, () => randomUUID());
  await batchWrite(
    context,
    ids.map((contentId) => postItem(context, contentId, {})),
  );
  const times: number[] = [];
  for (const contentId of ids) {
    const started = performance.now();
    const run = await runJob<{ outcome: string }>(sandbox, 'publisher', {
      companyId: context.companyId,
      campaignId: context.campaignId,
      contentId,
      attempt: 1,
    });
    times.push(performance.now() - started);
    if (run.result?.outcome !== 'published')
      throw new Error(`the publisher answered ${JSON.stringify(run)}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return [
    infoRow(
      SECTION,
      `publisher, per post (median of ${POSTS})`,
      `${ms(median(times))} (first ${ms(times[0]!)}, p90 ${ms(sorted[Math.floor(POSTS * 0.9)]!)}, max ${ms(sorted.at(-1)!)})`,
    ),
  ];
};

const sweeperOverWatches = async (sandbox: Sandbox, context: Context): Promise<Row[]> => {
  console.log(`Publishing: seeding ${WATCHES} due watches of published posts…`);
  const seedStarted = performance.now();
  const ids = Array.from({ length: WATCHES }, () => randomUUID());
  const publishedAt = new Date(Date.now() - 3_600_000).toISOString();
  const dueAt = new Date(Date.now() - 60_000).toISOString();
  await batchWrite(context, [
    ...ids.map((contentId) =>
      postItem(context, contentId, {
        status: 'published',
        publishedAt,
        providerPostId: `bench-${contentId}`,
        postUrl: `https://x.com/bench/status/${contentId}`,
      }),
    ),
    ...ids.map(
      (contentId) =>
        context.entities.watches
          .put({
            contentId,
            companyId: context.companyId,
            campaignId: context.campaignId,
            kind: 'publish',
            dueAt,
          })
          .params<{ Item: Record<string, unknown> }>().Item,
    ),
  ]);
  console.log(`  seeded in ${ms(performance.now() - seedStarted)}; sweeping until none is due…`);

  const runs: number[] = [];
  let looked = 0;
  const started = performance.now();
  for (;;) {
    const runStarted = performance.now();
    const run = await runJob<{ publishing: Record<string, number> }>(sandbox, 'sweeper', {});
    const tally = run.result?.publishing;
    if (!tally) throw new Error(`the sweeper answered ${JSON.stringify(run)}`);
    const count = Object.values(tally).reduce((sum, value) => sum + value, 0);
    if (count === 0) break;
    runs.push(performance.now() - runStarted);
    looked += count;
    if (runs.length > WATCHES / 100) throw new Error(`still due after ${runs.length} runs`);
  }
  const total = performance.now() - started;
  if (looked < WATCHES) throw new Error(`the sweeper looked at ${looked} of ${WATCHES} watches`);
  return [
    infoRow(
      SECTION,
      `sweeper, ${WATCHES.toLocaleString('en-US')} due watches`,
      `${ms(total)} in ${runs.length} runs (median ${ms(median(runs))} a run)`,
    ),
    infoRow(SECTION, 'sweeper, watches per second', `${Math.round(looked / (total / 1000))}`),
  ];
};
