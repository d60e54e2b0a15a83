import { randomUUID } from 'node:crypto';
import { BUDGETS } from './budgets';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';
import { median, percentile } from './stats';
import { failedRow, infoRow, judgedRow, type Row } from './table';
import { pointEntitiesAt, sandboxTableClient, writeInBatches } from './sandbox-table';
import { callSandboxApi } from './sandbox-api';

const SECTION = 'Performance: GET /companies/{id}/performance (+ best-times)';
/** Published posts with results in one company. */
const SIZES = [0, 1_000, 20_000] as const;
const CAMPAIGNS = 40;
/** The days the posts were published over, up to today. */
const SPREAD_DAYS = 365;
/** Page loads timed per size (each the summary and the best times, as the page asks at once). */
const SAMPLES = 40;
const DAY_MS = 24 * 60 * 60 * 1000;

const ms = (value: number) => `${Math.round(value)} ms`;

interface Owner {
  token: string;
  companyId: string;
}

const api = <T>(
  sandbox: BenchSandbox,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> => callSandboxApi<T>(sandbox.url, method, path, options);

const newOwner = async (sandbox: BenchSandbox): Promise<Owner> => {
  const suffix = randomUUID().slice(0, 8);
  const { access_token: token } = await api<{ access_token: string }>(
    sandbox,
    'POST',
    '/auth/register',
    {
      body: {
        email: `bench-performance-${suffix}@example.com`,
        password: 'benchmark-password',
        firstName: 'Bench',
        lastName: 'Mark',
        phoneNumber: '(555) 010-0003',
      },
    },
  );
  const { _id: companyId } = await api<{ _id: string }>(sandbox, 'POST', '/companies', {
    token,
    body: { name: `Bench ${suffix}`, timeZone: 'America/Chicago' },
  });
  return { token, companyId };
};

/**
 * Writes a company's results as the collection job leaves them after every post's last reading:
 * one result item per post and the company's totals (cells, weeks, campaigns, histogram bins),
 * added up here the way each reading adds to them. The posts themselves are not needed: the page
 * never reads them.
 */
const seederFor = async (sandbox: BenchSandbox) => {
  pointEntitiesAt(sandbox.dynamoDbEndpoint);
  const [{ postResultEntity, rankOf }, { resultTotalEntity }, model, local, { newTimeOrderedId }] =
    await Promise.all([
      import('#functions/core/db/entities/post-result'),
      import('#functions/core/db/entities/result-total'),
      import('#functions/domain/results/best-times-model'),
      import('#functions/domain/results/local-time'),
      import('#functions/core/ids'),
    ]);
  const db = sandboxTableClient(sandbox.dynamoDbEndpoint);
  const campaignIds = Array.from({ length: CAMPAIGNS }, () => randomUUID());

  return async (companyId: string, count: number): Promise<void> => {
    const totals = new Map<
      string,
      {
        scope: string;
        key: string;
        posts: number;
        impressions: number;
        engagements: number;
        sumLog: number;
        sumLogSq: number;
      }
    >();
    const addTo = (scope: string, key: string, impressions: number, engagements: number) => {
      const id = `${scope}|${key}`;
      const total = totals.get(id) ?? {
        scope,
        key,
        posts: 0,
        impressions: 0,
        engagements: 0,
        sumLog: 0,
        sumLogSq: 0,
      };
      const log = model.logRateOf(engagements, impressions);
      total.posts++;
      total.impressions += impressions;
      total.engagements += engagements;
      total.sumLog += scope === 'bin' ? 0 : log;
      total.sumLogSq += scope === 'bin' ? 0 : log * log;
      totals.set(id, total);
    };
    const items: Record<string, unknown>[] = [];
    for (let index = 0; index < count; index++) {
      const publishedAt = new Date(Date.now() - DAY_MS - (index / count) * SPREAD_DAYS * DAY_MS);
      const place = local.localPlaceOf(publishedAt, 'America/Chicago');
      const cell = local.cellKeyOf(place.day, place.part);
      const campaignId = campaignIds[index % CAMPAIGNS]!;
      const contentId = newTimeOrderedId();
      const impressions = 800 + (index % 400);
      const engagements = (index * 7) % 60;
      items.push(
        postResultEntity()
          .put({
            companyId,
            contentId,
            campaignId,
            platform: 'twitter',
            publishedAt: publishedAt.toISOString(),
            excerpt: `Fresh roast at dawn #${contentId.slice(0, 8)}`,
            postUrl: `https://x.com/bench/status/${index}`,
            impressions,
            engagements,
            collectedAt: new Date(publishedAt.getTime() + 7 * DAY_MS).toISOString(),
            age: '7d',
            weekStart: place.weekStart,
            cell,
            rank: rankOf(engagements, contentId),
          })
          .params<{ Item: Record<string, unknown> }>().Item,
      );
      const log = model.logRateOf(engagements, impressions);
      addTo('account', '', impressions, engagements);
      addTo('cell', cell, impressions, engagements);
      addTo('week', place.weekStart, impressions, engagements);
      addTo('campaign', campaignId, impressions, engagements);
      addTo('bin', String(model.histogramBinOf(log)).padStart(3, '0'), impressions, engagements);
    }
    for (const total of totals.values()) {
      items.push(
        resultTotalEntity()
          .put({ companyId, platform: 'twitter', ...total, scope: total.scope as 'account' })
          .params<{ Item: Record<string, unknown> }>().Item,
      );
    }
    await writeInBatches(db, items);
  };
};

/** Times SAMPLES loads of the page's API: the summary and the best times, side by side. */
const timeLoads = async (sandbox: BenchSandbox, owner: Owner): Promise<number[]> => {
  const times: number[] = [];
  // The first load is not timed: it pays the function's cold start (the cold section's).
  for (let sample = -1; sample < SAMPLES; sample++) {
    const started = performance.now();
    await Promise.all([
      api(sandbox, 'GET', `/companies/${owner.companyId}/performance`, { token: owner.token }),
      api(sandbox, 'GET', `/companies/${owner.companyId}/performance/best-times`, {
        token: owner.token,
      }),
    ]);
    if (sample >= 0) times.push(performance.now() - started);
  }
  return times;
};

/**
 * The Performance page's API at 0, 1,000 and 20,000 published posts with results in a company,
 * on a sandbox of its own (RAM disk): results seeded straight into DynamoDB Local with the real
 * entities, then SAMPLES page loads timed one at a time through the HTTP API: p50 and p99 judged
 * at every size — the answer is built from the company's totals and its top posts, so it should
 * not grow with the posts.
 */
export const measurePerformancePage = async (): Promise<Row[]> => {
  console.log('Performance: starting a sandbox of its own…');
  let sandbox: BenchSandbox | undefined;
  try {
    sandbox = await startBenchSandbox('none', { ramDisk: true });
    const seed = await seederFor(sandbox);
    const rows: Row[] = [];
    const p50s: number[] = [];
    for (const size of SIZES) {
      const owner = await newOwner(sandbox);
      console.log(`Performance: seeding ${size.toLocaleString('en-US')} posts' results…`);
      await seed(owner.companyId, size);
      const times = await timeLoads(sandbox, owner);
      p50s.push(median(times));
      const label = `page load, ${size.toLocaleString('en-US')} published posts`;
      rows.push(
        judgedRow(SECTION, `${label}: p50`, median(times), BUDGETS.performancePageP50Ms, ms),
        judgedRow(
          SECTION,
          `${label}: p99`,
          percentile(times, 99),
          BUDGETS.performancePageP99Ms,
          ms,
        ),
      );
    }
    rows.push(
      infoRow(
        SECTION,
        'p50 at 20,000 posts over p50 at 0',
        `${(p50s.at(-1)! / p50s[0]!).toFixed(1)}×`,
      ),
    );
    return rows;
  } catch (error) {
    return [failedRow(SECTION, 'page load', error)];
  } finally {
    await sandbox?.stop();
  }
};
