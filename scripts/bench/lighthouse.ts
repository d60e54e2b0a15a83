import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { STORAGE_KEYS } from '#shared/domain/limits';
import type { Account } from './api-load';
import { BUDGETS } from './budgets';
import { median } from './stats';
import { failedRow, judgedRow, type Row } from './table';

const run = promisify(execFile);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const SECTION = 'Lighthouse (mobile)';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

/**
 * One Chromium for every run, with its debugging port open. Lighthouse attaches to it (`--port`)
 * instead of launching its own, so the signed-in profile that playwright-core prepares for
 * /dashboard is the one Lighthouse measures.
 */
const startChromium = async () => {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'sailpost-bench-chromium-'));
  const browser = spawn(
    CHROME_PATH,
    [
      ...CHROME_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((done) => browser.once('exit', () => done()));
  const stop = async () => {
    if (browser.exitCode === null && browser.signalCode === null) browser.kill('SIGTERM');
    await exited;
    await rm(profile, { recursive: true, force: true });
  };
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt === 300 || browser.exitCode !== null) {
      await stop();
      throw new Error(`Chromium (${CHROME_PATH}) did not open its debugging port`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { port, stop };
};

/**
 * Lighthouse cannot sign in. The session is written where the app reads it (localStorage, as
 * "Remember me" keeps it) on the app's origin, and the HTTP cache is emptied so that the run
 * still loads every file, as a first visit does; Lighthouse then runs without its storage reset.
 */
const signIn = async (port: number, origin: string, account: Account) => {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/privacy`);
    await page.evaluate(
      ({ keys, token, user }) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, JSON.stringify(user));
      },
      { keys: STORAGE_KEYS, token: account.token, user: account.user },
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects from the Chromium started above; it keeps running for Lighthouse.
    await browser.close();
  }
};

/** The shape of the `largest-contentful-paint-element` audit's details that the log reads. */
interface LcpElementDetails {
  items?: {
    items?: { node?: { snippet?: string }; phase?: string; timing?: number }[];
  }[];
}

/** 'element <p class="…"> · TTFB 120 ms, Render Delay 900 ms': why a page's LCP is what it is. */
const describeLcp = (details: LcpElementDetails | undefined): string => {
  const [element, phases] = details?.items ?? [];
  const snippet = element?.items?.[0]?.node?.snippet ?? 'unknown element';
  const timings = (phases?.items ?? [])
    .filter((phase) => phase.phase && phase.timing !== undefined)
    .map((phase) => `${phase.phase} ${Math.round(phase.timing!)} ms`);
  return [snippet, ...timings].join(' · ');
};

interface PageResult {
  lcpMs: number;
  score: number;
}

const lighthouse = async (
  port: number,
  url: string,
  signedIn: boolean,
  outputDir: string,
): Promise<PageResult> => {
  // BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's full report there (long tasks, the network).
  const keep = process.env.BENCH_LIGHTHOUSE_REPORTS;
  const output = keep
    ? path.join(keep, `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${Date.now()}.json`)
    : path.join(outputDir, 'report.json');
  await run(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      `--port=${port}`,
      `--chrome-path=${CHROME_PATH}`,
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
      ...(signedIn ? ['--disable-storage-reset'] : []),
    ],
    { maxBuffer: 10 * 1024 * 1024 },
  );
  const report = JSON.parse(await readFile(output, 'utf8')) as {
    finalDisplayedUrl: string;
    runtimeError?: { message: string };
    audits: Record<string, { numericValue?: number; details?: LcpElementDetails }>;
    categories: { performance: { score: number | null } };
  };
  if (report.runtimeError) throw new Error(report.runtimeError.message);
  const shown = new URL(report.finalDisplayedUrl).pathname;
  if (shown !== new URL(url).pathname) throw new Error(`${url} ended on ${shown}`);
  const lcpMs = report.audits['largest-contentful-paint']?.numericValue;
  const score = report.categories.performance.score;
  if (lcpMs === undefined || score === null) throw new Error(`${url}: no LCP or score`);
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  console.log(
    `  LCP ${(lcpMs / 1000).toFixed(2)} s: ${describeLcp(report.audits['largest-contentful-paint-element']?.details)}`,
  );
  // The other metrics of the score, so a low one says which pulled it down.
  console.log(
    `    FCP ${Math.round(metric('first-contentful-paint'))} ms · Speed Index ${Math.round(metric('speed-index'))} ms · ` +
      `TBT ${Math.round(metric('total-blocking-time'))} ms · CLS ${metric('cumulative-layout-shift').toFixed(3)}`,
  );
  return { lcpMs, score: score * 100 };
};

/**
 * Mobile Lighthouse (its default: a mid-range phone on a slow 4G link, simulated throttling,
 * performance only) on `/`, `/login` and `/dashboard` of a sandbox serving the built app (web/dist,
 * compressed as CloudFront serves it), `runs` times each, judged on the medians.
 */
export const measureLighthouse = async (
  origin: string,
  account: Account,
  runs: number,
): Promise<Row[]> => {
  const outputDir = await mkdtemp(path.join(tmpdir(), 'sailpost-bench-lighthouse-'));
  const chrome = await startChromium();
  const rows: Row[] = [];
  try {
    // BENCH_LIGHTHOUSE_PAGES=/dashboard (comma-separated) measures some pages only.
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    for (const [page, signedIn] of (
      [
        ['/', false],
        ['/login', false],
        ['/dashboard', true],
      ] as const
    ).filter(([page]) => !only || only.includes(page))) {
      console.log(`Lighthouse: ${page}, ${runs} runs…`);
      try {
        const results: PageResult[] = [];
        for (let attempt = 0; attempt < runs; attempt += 1) {
          if (signedIn) await signIn(chrome.port, origin, account);
          results.push(await lighthouse(chrome.port, `${origin}${page}`, signedIn, outputDir));
        }
        const lcps = results.map((result) => result.lcpMs / 1000);
        const scores = results.map((result) => result.score);
        rows.push(
          judgedRow(
            SECTION,
            `${page} LCP`,
            median(lcps),
            BUDGETS.lcpSeconds,
            (seconds) => `${seconds.toFixed(1)} s`,
            `(runs: ${lcps.map((seconds) => seconds.toFixed(2)).join(', ')})`,
          ),
          judgedRow(
            SECTION,
            `${page} performance`,
            median(scores),
            BUDGETS.performanceScore,
            (score) => String(Math.round(score)),
            `(runs: ${scores.map(Math.round).join(', ')})`,
          ),
        );
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1);
        rows.push(failedRow(SECTION, page, stderr ? new Error(stderr) : error));
      }
    }
  } finally {
    await chrome.stop();
    await rm(outputDir, { recursive: true, force: true });
  }
  return rows;
};
