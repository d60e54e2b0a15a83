/**
 * `npm run bench [-- --lighthouse]`: builds the SPA and every Lambda bundle, then measures
 *  - each Lambda bundle's minified size and its module init (a fresh `node` per sample),
 *  - each endpoint group's cold first request: a fresh `node` imports its bundle and serves one
 *    typical request against DynamoDB Local, on a sandbox of its own (scripts/bench/
 *    cold-first-request.ts),
 *  - the SPA's initial JavaScript (gzip),
 *  - p50/p99 latency of GET /auth/me and POST /auth/login under load, with the sandbox in a child
 *    process and the load generator (autocannon) in this one,
 *  - p50/p99 of POST /auth/register at 1, 20 and 200 sign-ups at once, each from its own client
 *    address, on a fresh sandbox of its own (scripts/bench/sign-ups.ts), and that every one is
 *    answered 201,
 *  - DELETE of a company with 3,000 campaigns (scripts/bench-company-delete.ts),
 *  - p50/p99 of a forum category's page and a thread's page at 10 and 10,000 threads / replies,
 *    seeded straight into DynamoDB Local, on a fresh sandbox of its own (scripts/bench/forum-pages.ts),
 *  - p50/p99 of a page of the calendar's posts (GET /companies/{id}/posts) at 0, 1,000 and 10,000
 *    posts in a company, seeded straight into DynamoDB Local, on a fresh sandbox of its own
 *    (scripts/bench/company-posts.ts),
 *  - p50/p99 of the Performance page's API (its summary and best times) at 0, 1,000 and 20,000
 *    published posts with results, seeded the same way (scripts/bench/performance-page.ts),
 *  - the publisher's time per post (30 posts, one at a time) and the sweeper's time over 10,000 due
 *    watches (scripts/bench/publishing.ts), for information,
 *  - with --lighthouse, mobile Lighthouse LCP and performance on /, /login and /dashboard,
 *  - only with --only=scale, the load simulation of the mornings: N companies (2,000, or
 *    --companies=N) due at once, through the mornings queue, the token buckets and a drafter
 *    answering in 2–5 s, on a fresh sandbox of its own (scripts/bench/scale.ts),
 * and prints one table with the budgets (scripts/bench/budgets.ts). Exits non-zero when a budget
 * is broken. Timings depend on the machine: on a busy one, run it again before believing a FAIL.
 *
 * `--only=bundles,cold,spa,api,signups,calendar,performance,forum,delete,publishing,lighthouse,scale` measures only those sections
 * (lighthouse implies --lighthouse), e.g. to check a front-end change without the API load.
 *
 * Settings: BENCH_SECONDS (10) per load run, BENCH_RUNS (3) load runs per measure and deletion
 * runs, BENCH_INIT_RUNS (10) processes per bundle (module init and cold first request), BENCH_LIGHTHOUSE_RUNS (3) runs per page,
 * CHROME_PATH (/usr/bin/chromium).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { measureApiLatency, registerBenchAccount } from './bench/api-load';
import { measureColdFirstRequests } from './bench/cold-first-request';
import { measureCompanyPosts } from './bench/company-posts';
import { measureCompanyDelete } from './bench/company-delete';
import { measureForumPages } from './bench/forum-pages';
import { measureLambdaBundles } from './bench/lambda-bundles';
import { measureLighthouse } from './bench/lighthouse';
import { measurePerformancePage } from './bench/performance-page';
import { measurePublishing } from './bench/publishing';
import { measureScale } from './bench/scale';
import { measureSignUps } from './bench/sign-ups';
import { startBenchSandbox } from './bench/sandbox-child';
import { measureSpaJavaScript } from './bench/spa-size';
import { brokenBudgets, renderTable, type Row } from './bench/table';
import { REPO_ROOT } from './bundle-functions';

const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
};

const SECTIONS = [
  'bundles',
  'cold',
  'spa',
  'api',
  'signups',
  'calendar',
  'performance',
  'forum',
  'delete',
  'publishing',
  'lighthouse',
  'scale',
] as const;
type Section = (typeof SECTIONS)[number];
const USAGE = `Usage: npm run bench [-- --lighthouse] [--only=${SECTIONS.join(',')}] [--companies=N] [--limits=<JSON of throughput limits>]`;

const parseArgs = (args: string[]) => {
  let only: Section[] | undefined;
  let lighthouse = false;
  let companies = 2_000;
  let limits: string | undefined;
  for (const arg of args) {
    if (arg === '--lighthouse') lighthouse = true;
    else if (arg.startsWith('--limits=')) {
      limits = arg.slice('--limits='.length);
      try {
        JSON.parse(limits);
      } catch {
        throw new Error(`--limits must be JSON like '{"sms-texts":{"amount":50,…}}'. ${USAGE}`);
      }
    } else if (arg.startsWith('--companies=')) {
      companies = Number(arg.slice('--companies='.length));
      if (!Number.isInteger(companies) || companies < 1)
        throw new Error(`--companies must be a whole number ≥ 1. ${USAGE}`);
    } else if (arg.startsWith('--only=')) {
      const names = arg.slice('--only='.length).split(',');
      const unknown = names.find((name) => !(SECTIONS as readonly string[]).includes(name));
      if (unknown) throw new Error(`Unknown section ${unknown}. ${USAGE}`);
      only = names as Section[];
    } else throw new Error(`Unknown option ${arg}. ${USAGE}`);
  }
  // The scale simulation runs for minutes: only when asked for.
  const measures = (section: Section) =>
    only ? only.includes(section) : section !== 'scale' && (section !== 'lighthouse' || lighthouse);
  return { measures, companies, limits };
};

const main = async () => {
  const { measures, companies, limits } = parseArgs(process.argv.slice(2));
  const withLighthouse = measures('lighthouse');
  const seconds = setting('BENCH_SECONDS', 10);
  const runs = setting('BENCH_RUNS', 3);

  // Every measuring process is this Node.js (`process.execPath`): the project's 22, as in Lambda.
  console.log(`Measuring on Node.js ${process.version} (${process.execPath})`);
  // The scale simulation alone needs no build.
  if (SECTIONS.some((section) => section !== 'scale' && measures(section))) {
    console.log('Building the SPA and the Lambda bundles…');
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
  const rows: Row[] = [
    ...(measures('bundles') ? await measureLambdaBundles(setting('BENCH_INIT_RUNS', 10)) : []),
    ...(measures('cold') ? await measureColdFirstRequests(setting('BENCH_INIT_RUNS', 10)) : []),
    ...(measures('spa') ? await measureSpaJavaScript(path.join(REPO_ROOT, 'web', 'dist')) : []),
  ];

  if (measures('signups')) rows.push(...(await measureSignUps()));
  if (measures('calendar')) rows.push(...(await measureCompanyPosts()));
  if (measures('performance')) rows.push(...(await measurePerformancePage()));
  if (measures('forum')) rows.push(...(await measureForumPages()));
  if (measures('scale')) rows.push(...(await measureScale(companies, limits)));

  const needsSandbox =
    measures('api') || measures('delete') || measures('publishing') || withLighthouse;
  if (!needsSandbox) return report(rows);
  console.log(
    `Starting a sandbox in its own process (SPA: ${withLighthouse ? 'web/dist' : 'none'})…`,
  );
  const sandbox = await startBenchSandbox(withLighthouse ? 'dist' : 'none');
  try {
    const api = `${sandbox.url}/api`;
    const account = await registerBenchAccount(api);
    if (measures('api')) rows.push(...(await measureApiLatency(api, account, { seconds, runs })));
    if (measures('delete')) rows.push(...(await measureCompanyDelete(sandbox, runs)));
    if (measures('publishing')) rows.push(...(await measurePublishing(sandbox)));
    if (withLighthouse) {
      rows.push(
        ...(await measureLighthouse(sandbox.url, account, setting('BENCH_LIGHTHOUSE_RUNS', 3))),
      );
    }
  } finally {
    await sandbox.stop();
  }
  report(rows);
};

const report = (rows: Row[]) => {
  console.log(`\nOn Node.js ${process.version}:\n${renderTable(rows)}`);
  const broken = brokenBudgets(rows);
  console.log(
    broken.length
      ? `\n${broken.length} budget(s) broken: ${broken.map((row) => `${row.section} › ${row.measure}`).join('; ')}`
      : '\nAll budgets met.',
  );
  process.exitCode = broken.length ? 1 : 0;
};

await main();
