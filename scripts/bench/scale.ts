import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withEnvironment } from '#functions/core/environment';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';
import { pointEntitiesAt, sandboxTableClient, writeInBatches } from './sandbox-table';
import { LINKEDIN_POST_ANALYTICS_SCOPE } from '#shared/domain/post-results';
import { LINKEDIN_SCOPES } from '#functions/integrations/social/linkedin-client';
import { X_SCOPES } from '#functions/integrations/social/x-client';
import { getJson, measurePublishing, publishingSlot, utcTimeOfDay } from './scale-publishing';
import { percentile } from './stats';
import { judgedRow, type Row } from './table';

/**
 * The load simulation of the mornings (`npm run bench -- --only=scale [--companies=10000]`): on a
 * sandbox of its own, N companies (2,000 unless told), each with an owner whose phone is verified,
 * a gold plan, X and LinkedIn connected through stand-in accounts and one campaign running today
 * on both, all with the same morning hour in the same zone, are seeded straight into DynamoDB
 * Local with the real entities. Then the hourly tick of that hour runs once, as EventBridge would
 * fire it: it queues every company, and the sandbox's queue runs the company-morning job as many
 * at once as the stage's limits allow (functions/catalogue.ts), each morning drafting behind the
 * token buckets with a drafter that answers in 2–5 s (SANDBOX_DRAFTER_DELAY_MS) and texting
 * through the outbox.
 *
 * It reports the time from the tick until every morning text is in the outbox, and the spread of
 * those times, the duplicates (owners texted twice: must be 0) and the lost (owners never texted,
 * or mornings in the dead letters: must be 0), the drafts written, and the DynamoDB capacity one
 * company's morning consumed (every command's ReturnConsumedCapacity, summed by the sandbox).
 * The clock is the real one: the sandbox has no compressed clock, and none is needed — the
 * mornings take minutes. Writes its figures as JSON to the system's temporary directory.
 */

const ZONE = 'UTC';
const DEADLINE_MS = 10 * 60_000;
/** The bench gives up waiting this long after the tick (more for more companies). */
const giveUpMs = (companies: number) => Math.max(25 * 60_000, companies * 500);
const MORNING_TEXT = /^Sailpost: (\d+ new drafts|a new .* draft) /;

interface OutboxItem {
  to: string;
  text: string;
  createdAt: string;
  channel: string;
}

const entitiesOf = async (sandbox: BenchSandbox) => {
  pointEntitiesAt(sandbox.dynamoDbEndpoint);
  const [user, company, campaign, roster, outbox, credentials, uniqueClaim] = await Promise.all([
    import('#functions/core/db/entities/user'),
    import('#functions/core/db/entities/company'),
    import('#functions/core/db/entities/campaign'),
    import('#functions/core/db/entities/morning-roster'),
    import('#functions/integrations/outbox/outbox-entity'),
    import('#functions/platforms/credentials'),
    import('#functions/core/db/entities/unique-claim'),
  ]);
  return {
    users: user.userEntity(),
    companies: company.companyEntity(),
    campaigns: campaign.campaignEntity(),
    roster: roster.morningRosterEntity(),
    zones: roster.morningZonesEntity(),
    listOutbox: outbox.listOutboxMessages,
    storeConnection: credentials.storeConnection,
    uniqueClaims: uniqueClaim.uniqueClaimEntity(),
  };
};

/** What the stand-ins grant directly (social-providers.ts). */
interface DirectGrant {
  accountId: string;
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
  scopes: string[];
}
const GRANTS_PER_REQUEST = 2_000;
/** What the owners' consent would grant: posting, and LinkedIn's post statistics. */
const GRANTED_SCOPES = {
  twitter: [...X_SCOPES],
  linkedin: [...LINKEDIN_SCOPES, LINKEDIN_POST_ANALYTICS_SCOPE],
};

const itemOf = (params: { Item?: Record<string, unknown> }) => params.Item!;

/** The owner's campaign, running every day for a month from yesterday, posting at `times`. */
const campaignItem = (
  entities: Awaited<ReturnType<typeof entitiesOf>>,
  owner: { companyId: string; campaignId: string },
  times: string[],
) => {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return itemOf(
    entities.campaigns
      .put({
        companyId: owner.companyId,
        campaignId: owner.campaignId,
        name: 'Spring',
        status: 'active',
        platforms: ['twitter', 'linkedin'],
        startDate: `${day(-1)}T00:00:00.000Z`,
        endDate: `${day(30)}T00:00:00.000Z`,
        schedule: {
          timeZone: ZONE,
          days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
          times,
        },
      } as never)
      .params(),
  );
};

/** N owners with their company, campaign, roster item and two connected accounts. */
const seed = async (
  sandbox: BenchSandbox,
  entities: Awaited<ReturnType<typeof entitiesOf>>,
  count: number,
  morningHour: number,
) => {
  const owners = Array.from({ length: count }, (_, index) => ({
    userId: randomUUID(),
    companyId: randomUUID(),
    campaignId: randomUUID(),
    phoneNumber: `+1555${String(1_000_000 + index).slice(-7)}`,
  }));
  const items = owners.flatMap((owner, index) => [
    itemOf(
      entities.users
        .put({
          userId: owner.userId,
          email: `scale-${index}-${owner.userId.slice(0, 8)}@example.com`,
          passwordHash: 'not-a-hash',
          firstName: 'Scale',
          lastName: `Owner ${index}`,
          phoneNumber: owner.phoneNumber,
          phoneVerified: true,
          role: 'user',
        } as never)
        .params(),
    ),
    itemOf(
      entities.companies
        .put({
          companyId: owner.companyId,
          userId: owner.userId,
          name: `Harbor ${index}`,
          brandColors: [],
          timeZone: ZONE,
          morningHour,
          subscriptionTier: 'gold',
          subscriptionStatus: 'active',
          stripeSubscriptionId: `sub_scale_${index}`,
        } as never)
        .params(),
    ),
    // The phone's claim: how a text reply finds its owner.
    itemOf(
      entities.uniqueClaims
        .put({ kind: 'phone', value: owner.phoneNumber, userId: owner.userId })
        .params(),
    ),
    campaignItem(entities, owner, ['09:00', '15:00']),
    itemOf(
      entities.roster.put({ timeZone: ZONE, morningHour, companyId: owner.companyId }).params(),
    ),
  ]);
  await entities.zones
    .update({ registry: 'zones' })
    .add({ zones: [ZONE] })
    .go();
  await writeInBatches(sandboxTableClient(sandbox.dynamoDbEndpoint), items);
  // The accounts: granted at the stand-ins as if each owner had consented (their tokens post for
  // real there), then stored through the product's own code (encrypted with the sandbox's key).
  const environment = { ...sandbox.environments.platforms, ...process.env };
  for (const platform of ['twitter', 'linkedin'] as const) {
    for (let start = 0; start < owners.length; start += GRANTS_PER_REQUEST) {
      const chunk = owners.slice(start, start + GRANTS_PER_REQUEST);
      const { grants } = await getJson<{ grants: DirectGrant[] }>(
        `${sandbox.url}/_sandbox/api/providers/${platform}/grants`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            accounts: chunk.map((owner, index) => ({
              id: `${platform}-${owner.companyId}`,
              username: `h${start + index}`,
              name: `Harbor ${start + index}`,
            })),
            scopes: GRANTED_SCOPES[platform],
          }),
        },
      );
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < chunk.length) {
            const index = next++;
            const grant = grants[index]!;
            await withEnvironment(environment, () =>
              entities.storeConnection({
                companyId: chunk[index]!.companyId,
                platform,
                account: {
                  id: grant.accountId,
                  handle: platform === 'twitter' ? `@h${start + index}` : `Harbor ${start + index}`,
                  displayName: `Harbor ${start + index}`,
                },
                grant: {
                  accessToken: grant.accessToken,
                  ...(grant.refreshToken ? { refreshToken: grant.refreshToken } : {}),
                  expiresAt: new Date(Date.now() + grant.expiresIn * 1000).toISOString(),
                  scopes: grant.scopes,
                },
              }),
            );
          }
        }),
      );
    }
  }
  return owners;
};

type Capacity = { reads: number; writes: number; total: number };
type QueueView = {
  job: string;
  waiting: number;
  delayed: number;
  inFlight: number;
  done: number;
  deadLetters: unknown[];
};

/** The morning texts since `since`, oldest first. */
const morningTexts = async (
  entities: Awaited<ReturnType<typeof entitiesOf>>,
  since: string,
): Promise<OutboxItem[]> => {
  const messages = (await entities.listOutbox({ all: true })) as OutboxItem[];
  return messages
    .filter((message) => message.channel === 'sms' && message.createdAt >= since)
    .filter((message) => MORNING_TEXT.test(message.text))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
};

/**
 * `limits`: the stage's throughput limits (THROUGHPUT_LIMITS, JSON) when not the defaults, e.g. a
 * short code's texts a second; they set how many mornings run at once (QUEUED_JOBS).
 */
export const measureScale = async (companies: number, limits?: string): Promise<Row[]> => {
  const section = `scale (${companies.toLocaleString('en-US')} companies${limits ? ', --limits' : ''})`;
  console.log(`Scale: starting a sandbox for ${companies} companies…`);
  const sandbox = await startBenchSandbox('none', {
    ramDisk: true,
    settings: {
      SANDBOX_DRAFTER_DELAY_MS: '2000-5000',
      // X's and LinkedIn's time to take a post or an upload.
      SANDBOX_PROVIDER_DELAY_MS: '300-1500',
      ...(limits ? { THROUGHPUT_LIMITS: limits } : {}),
    },
  });
  try {
    const entities = await entitiesOf(sandbox);
    const tick = new Date();
    tick.setUTCMinutes(0, 0, 0);
    const morningHour = tick.getUTCHours();
    const seeding = Date.now();
    const owners = await seed(sandbox, entities, companies, morningHour);
    console.log(
      `Scale: seeded ${companies} companies in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
    );

    const before = await getJson<Capacity>(`${sandbox.url}/_sandbox/api/capacity`);
    const started = new Date();
    const outcome = await getJson<{
      outcome: { status: string; result?: { due: number; queued: number } };
    }>(`${sandbox.url}/_sandbox/api/jobs/daily-drafts/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The tick of the owners' morning hour: the hour's start, as EventBridge fires it.
      body: JSON.stringify({ time: tick.toISOString() }),
    });
    if (outcome.outcome.result?.queued !== companies) {
      throw new Error(`The tick queued ${JSON.stringify(outcome.outcome)}, not ${companies}`);
    }

    let texts: OutboxItem[] = [];
    let queue: QueueView | undefined;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      texts = await morningTexts(entities, started.toISOString());
      const { queues } = await getJson<{ queues: QueueView[] }>(
        `${sandbox.url}/_sandbox/api/queues`,
      );
      queue = queues.find((each) => each.job === 'company-morning');
      const idle = queue!.waiting + queue!.delayed + queue!.inFlight === 0;
      const elapsed = Date.now() - started.getTime();
      console.log(
        `Scale: ${Math.round(elapsed / 1000)} s: ${new Set(texts.map((text) => text.to)).size} of ${companies} texted; queue ${JSON.stringify({ ...queue, deadLetters: queue!.deadLetters.length })}`,
      );
      if (idle || elapsed > giveUpMs(companies)) break;
    }
    const after = await getJson<Capacity>(`${sandbox.url}/_sandbox/api/capacity`);

    const phones = new Set(owners.map((owner) => owner.phoneNumber));
    const perOwner = new Map<string, number>();
    for (const text of texts) perOwner.set(text.to, (perOwner.get(text.to) ?? 0) + 1);
    const texted = [...perOwner.keys()].filter((phone) => phones.has(phone)).length;
    const duplicates = [...perOwner.values()].reduce((sum, each) => sum + each - 1, 0);
    const lost = companies - texted;
    const offsets = texts.map((text) => Date.parse(text.createdAt) - started.getTime());
    if (!offsets.length) {
      const { morningReportEntity } = await import('#functions/core/db/entities/morning-report');
      const { data } = await morningReportEntity().get({ companyId: owners[0]!.companyId }).go();
      throw new Error(
        `No morning text was sent; the first company's morning: ${JSON.stringify(data)}`,
      );
    }
    const allSentMs = offsets.length ? Math.max(...offsets) : Infinity;
    const drafts = texts.reduce(
      (sum, text) => sum + Number(/^Sailpost: (\d+) new drafts/.exec(text.text)?.[1] ?? 1),
      0,
    );
    // Why an owner got no text: what their company's morning recorded (or that it never ran).
    const { morningReportEntity } = await import('#functions/core/db/entities/morning-report');
    const lostOwners = owners.filter((owner) => !perOwner.has(owner.phoneNumber)).slice(0, 20);
    const lostMornings = await Promise.all(
      lostOwners.map(async (owner) => {
        const { data } = await morningReportEntity().get({ companyId: owner.companyId }).go();
        return data
          ? { drafts: data.drafts, skipped: data.skipped ?? null, ranAt: data.ranAt }
          : 'no morning recorded';
      }),
    );
    const perMorning = {
      reads: (after.reads - before.reads) / companies,
      writes: (after.writes - before.writes) / companies,
      total: (after.total - before.total) / companies,
    };
    const figures = {
      companies,
      limits: limits ? JSON.parse(limits) : 'defaults',
      tick: tick.toISOString(),
      started: started.toISOString(),
      allTextsSentSeconds: allSentMs / 1000,
      textSeconds: {
        p50: percentile(offsets, 50) / 1000,
        p95: percentile(offsets, 95) / 1000,
        max: allSentMs / 1000,
      },
      textsPerMinute: texts.length / (allSentMs / 60_000),
      texted,
      duplicates,
      lost,
      deadLetters: queue?.deadLetters.length ?? 0,
      lostMornings,
      drafts,
      capacityPerCompanyMorning: perMorning,
    };
    console.log(`Scale: the mornings\n${JSON.stringify(figures, null, 2)}`);

    // Then the posts: every campaign's one posting time a few minutes ahead, every owner says YES.
    const slot = publishingSlot(companies);
    await writeInBatches(
      sandboxTableClient(sandbox.dynamoDbEndpoint),
      owners.map((owner) => campaignItem(entities, owner, [utcTimeOfDay(slot)])),
    );
    const publishing = await measurePublishing(
      sandbox,
      sandboxTableClient(sandbox.dynamoDbEndpoint),
      owners,
      slot,
      `${section}: publishing`,
    );
    const file = path.join(tmpdir(), `sailpost-scale-${companies}.json`);
    const all = { ...figures, publishing: publishing.figures };
    await writeFile(file, `${JSON.stringify(all, null, 2)}\n`);
    console.log(`Scale: figures written to ${file}\n${JSON.stringify(all, null, 2)}`);

    const seconds = (value: number) => `${value.toFixed(0)} s`;
    const count = (value: number) => String(value);
    return [
      judgedRow(
        section,
        'every morning text sent after the tick',
        allSentMs / 1000,
        { atMost: DEADLINE_MS / 1000 },
        seconds,
      ),
      {
        section,
        measure: 'morning text after the tick p50 / p95',
        value: `${seconds(figures.textSeconds.p50)} / ${seconds(figures.textSeconds.p95)}`,
      },
      judgedRow(section, 'owners texted twice', duplicates, { atMost: 0 }, count),
      judgedRow(
        section,
        'owners never texted (lost) + dead letters',
        lost + figures.deadLetters,
        { atMost: 0 },
        count,
      ),
      { section, measure: 'drafts written', value: String(drafts) },
      {
        section,
        measure: 'DynamoDB capacity per company-morning',
        value: `${perMorning.reads.toFixed(1)} RCU + ${perMorning.writes.toFixed(1)} WCU`,
      },
      ...publishing.rows,
    ];
  } finally {
    await sandbox.stop();
  }
};
