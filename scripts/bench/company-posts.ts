import { randomUUID } from 'node:crypto';
import { BUDGETS } from './budgets';
import { startBenchSandbox, type BenchSandbox } from './sandbox-child';
import { median, percentile } from './stats';
import { failedRow, infoRow, judgedRow, type Row } from './table';
import { pointEntitiesAt, sandboxTableClient, writeInBatches } from './sandbox-table';
import { callSandboxApi } from './sandbox-api';

const SECTION = 'Calendar: GET /companies/{id}/posts';
/** Posts in one company, spread over its campaigns and over the weeks around today. */
const SIZES = [0, 1_000, 10_000] as const;
const CAMPAIGNS = 50;
/**
 * Posts in the week the pages read, whatever the company's size (a busy week: 4 a day in each of
 * 7 campaigns), so every size above 0 reads the same pages and only the posts around them grow.
 */
const IN_WEEK = 200;
/** The days the other posts are spread over: half the year before the week, half after it. */
const SPREAD_DAYS = 365;
/** Pages timed per size: a week view's first page, then the pages after it, in turn. */
const SAMPLES = 100;
/** A week view reads the largest page. */
const PAGE_LIMIT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * The calendar's posts call at 0, 1,000 and 10,000 posts in a company, on a sandbox of its own (on
 * the RAM disk, as sign-ups'), so the seeded posts weigh on no other section. Each size has its own
 * owner and company; its posts are written straight into DynamoDB Local with the real entities and
 * their place on the company's timeline, as the post lifecycle writes it. Then SAMPLES pages of a
 * week (PAGE_LIMIT a page, following the cursor and starting over at the end) are timed one at a
 * time through the HTTP API, after one untimed call: p50 and p99, each judged against its
 * budget at every size.
 */
export const measureCompanyPosts = async (): Promise<Row[]> => {
  console.log('Calendar: starting a sandbox of its own…');
  let sandbox: BenchSandbox | undefined;
  try {
    sandbox = await startBenchSandbox('none', { ramDisk: true });
    const seeding = await seederFor(sandbox);
    const rows: Row[] = [];
    const p50s: number[] = [];
    for (const size of SIZES) {
      const owner = await newOwner(sandbox);
      console.log(`Calendar: seeding ${size.toLocaleString('en-US')} posts…`);
      const inWeek = await seeding.seed(owner.companyId, size);
      const times = await timePages(sandbox, owner);
      p50s.push(median(times));
      const label = `page of a week, ${size.toLocaleString('en-US')} posts`;
      rows.push(
        judgedRow(
          SECTION,
          `${label}: p50`,
          median(times),
          BUDGETS.companyPostsPageP50Ms,
          ms,
          `(${inWeek} posts in the week)`,
        ),
        judgedRow(
          SECTION,
          `${label}: p99`,
          percentile(times, 99),
          BUDGETS.companyPostsPageP99Ms,
          ms,
        ),
      );
    }
    rows.push(
      infoRow(
        SECTION,
        'p50 at 10,000 posts over p50 at 0',
        `${(p50s.at(-1)! / p50s[0]!).toFixed(1)}×`,
      ),
    );
    return rows;
  } catch (error) {
    return [failedRow(SECTION, 'page of a week', error)];
  } finally {
    await sandbox?.stop();
  }
};

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
        email: `bench-calendar-${suffix}@example.com`,
        password: 'benchmark-password',
        firstName: 'Bench',
        lastName: 'Mark',
        phoneNumber: '(555) 010-0002',
      },
    },
  );
  const { _id: companyId } = await api<{ _id: string }>(sandbox, 'POST', '/companies', {
    token,
    body: { name: `Bench ${suffix}`, timeZone: 'America/Chicago' },
  });
  return { token, companyId };
};

/** The week the pages are read from: the seven days from today's midnight (UTC). */
const weekWindow = () => {
  const from = new Date(new Date().toISOString().slice(0, 10)).getTime();
  return { from: new Date(from).toISOString(), to: new Date(from + 7 * DAY_MS).toISOString() };
};

/**
 * Writes a company's posts straight into the sandbox's table over CAMPAIGNS campaigns: IN_WEEK of
 * them in the week the pages read, the others spread over the half years before and after it;
 * scheduled after now, published before. Answers how many fall in the week.
 */
const seederFor = async (sandbox: BenchSandbox) => {
  pointEntitiesAt(sandbox.dynamoDbEndpoint);
  const [{ contentEntity }, { timelinePlaceOf }, { newTimeOrderedId }] = await Promise.all([
    import('#functions/core/db/entities/content'),
    import('#functions/domain/publishing/post-lifecycle'),
    import('#functions/core/ids'),
  ]);
  const db = sandboxTableClient(sandbox.dynamoDbEndpoint);
  const campaignIds = Array.from({ length: CAMPAIGNS }, () => randomUUID());

  const itemOf = (companyId: string, index: number, count: number) => {
    const now = Date.now();
    const week = weekWindow();
    const inWeek = Math.min(count, IN_WEEK);
    const others = count - inWeek;
    const half = Math.ceil(others / 2);
    const spread = (SPREAD_DAYS / 2) * DAY_MS;
    const at = new Date(
      index < inWeek
        ? Date.parse(week.from) + (index / inWeek) * 7 * DAY_MS
        : index - inWeek < half
          ? Date.parse(week.from) - spread + ((index - inWeek) / half) * spread
          : Date.parse(week.to) + ((index - inWeek - half) / Math.max(1, others - half)) * spread,
    );
    const contentId = newTimeOrderedId();
    const published = at.getTime() < now;
    const post = {
      companyId,
      campaignId: campaignIds[index % CAMPAIGNS]!,
      contentId,
      platform: 'twitter' as const,
      status: published ? ('published' as const) : ('scheduled' as const),
      content: `Fresh roast at dawn #${contentId.slice(0, 8)}`,
      generation: { source: 'offline' as const },
      scheduledFor: at.toISOString(),
      publishAttempt: 1,
      ...(published ? { publishedAt: at.toISOString() } : {}),
    };
    return {
      at: at.getTime(),
      item: contentEntity()
        .put({ ...post, ...timelinePlaceOf(post) } as never)
        .params<{ Item: Record<string, unknown> }>().Item,
    };
  };

  const batchWrite = (items: Record<string, unknown>[]) => writeInBatches(db, items);

  return {
    seed: async (companyId: string, count: number): Promise<number> => {
      const posts = Array.from({ length: count }, (_, index) => itemOf(companyId, index, count));
      await batchWrite(posts.map((post) => post.item));
      const week = weekWindow();
      return posts.filter(
        (post) => post.at >= Date.parse(week.from) && post.at < Date.parse(week.to),
      ).length;
    },
  };
};

/** Times SAMPLES pages of the week, one at a time, following the cursor and starting over. */
const timePages = async (sandbox: BenchSandbox, owner: Owner): Promise<number[]> => {
  const week = weekWindow();
  const times: number[] = [];
  let cursor: string | null = null;
  // The first call is not timed: it pays the content function's cold start, which the cold
  // section measures, and not the page.
  for (let sample = -1; sample < SAMPLES; sample++) {
    const query: URLSearchParams = new URLSearchParams({
      ...week,
      limit: String(PAGE_LIMIT),
      ...(cursor ? { cursor } : {}),
    });
    const started = performance.now();
    const page: { nextCursor: string | null } = await api<{
      data: unknown[];
      nextCursor: string | null;
    }>(sandbox, 'GET', `/companies/${owner.companyId}/posts?${query}`, { token: owner.token });
    if (sample >= 0) times.push(performance.now() - started);
    cursor = page.nextCursor;
  }
  return times;
};
