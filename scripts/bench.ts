/**
 * `npm run bench`: measures against a fresh sandbox
 *  - p50/p99 latency of POST /auth/login and GET /auth/me under sustained load (autocannon),
 *  - each Lambda bundle's minified size,
 *  - the SPA's initial JavaScript (gzip),
 * and checks them against the budgets. Exits non-zero when a budget is broken.
 * BENCH_SECONDS (default 30) sets the load duration per endpoint.
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startSandbox } from '../infra/sandbox/sandbox';
import { bundleAllGroups, REPO_ROOT } from './bundle-functions';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const BUDGET = { lambdaKb: 600, initialJsGzipKb: 150, meP99Ms: 50 };

const load = (url: string, options: Partial<autocannon.Options>) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ url, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

const initialSpaJavaScript = async () => {
  const dist = path.join(REPO_ROOT, 'web', 'dist');
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  let gzip = 0;
  let raw = 0;
  for (const file of new Set(files)) {
    const content = await readFile(path.join(dist, file.replace(/^\//, '')));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: [...new Set(files)], raw, gzip };
};

const main = async () => {
  console.log('Building the SPA and the Lambda bundles…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  const bundles = await bundleAllGroups();
  const spa = await initialSpaJavaScript();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'sailpost-bench-'));
  const sandbox = await startSandbox({ port: 0, dataDir, spa: 'none', log: false });
  try {
    const api = `${sandbox.url}/api`;
    const credentials = { email: 'bench@example.com', password: 'benchmark-password' };
    const registered = await fetch(`${api}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...credentials,
        firstName: 'Bench',
        lastName: 'Mark',
        phoneNumber: '(555) 010-0000',
      }),
    });
    const { access_token: token } = (await registered.json()) as { access_token: string };

    // A steady 150 req/s over 4 connections: latency under load, not the queueing of a saturated
    // single-process sandbox (the second run shows that throughput).
    const auth = { authorization: `Bearer ${token}` };
    // Warm both JITs (Node's and DynamoDB Local's JVM) first, as a warm Lambda container would be.
    console.log('Warm-up: GET /auth/me for 5 s (not measured)…');
    await load(`${api}/auth/me`, { connections: 4, duration: 5, headers: auth });
    console.log(`Load: GET /auth/me at 150 req/s for ${SECONDS} s (4 connections)…`);
    const me = await load(`${api}/auth/me`, { connections: 4, overallRate: 150, headers: auth });
    console.log(`Load: GET /auth/me as fast as it answers for ${SECONDS} s (10 connections)…`);
    const meSaturated = await load(`${api}/auth/me`, { connections: 10, headers: auth });
    console.log(
      `Load: POST /auth/login for ${SECONDS} s (4 connections; scrypt N=2^17 is CPU-bound by design)…`,
    );
    const login = await load(`${api}/auth/login`, {
      connections: 4,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });

    const row = (name: string, r: autocannon.Result) =>
      `${name.padEnd(18)} p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   ` +
      `${Math.round(r.requests.average)} req/s   ${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors`;
    console.log('\nAPI latency on the sandbox');
    console.log(row('GET /auth/me', me));
    console.log(row('GET /auth/me (max)', meSaturated));
    console.log(row('POST /auth/login', login));
    console.log('\nLambda bundles (minified)');
    for (const bundle of bundles)
      console.log(`${bundle.group.padEnd(18)} ${(bundle.bytes / 1024).toFixed(1)} KB`);
    console.log('\nSPA initial JavaScript');
    console.log(
      `${spa.files.length} file(s): ${(spa.raw / 1024).toFixed(1)} KB raw, ${(spa.gzip / 1024).toFixed(1)} KB gzip`,
    );

    const failures = [
      ...bundles
        .filter((b) => b.bytes / 1024 > BUDGET.lambdaKb)
        .map((b) => `${b.group} bundle over ${BUDGET.lambdaKb} KB`),
      ...(spa.gzip / 1024 > BUDGET.initialJsGzipKb
        ? [`initial SPA JS over ${BUDGET.initialJsGzipKb} KB gzip`]
        : []),
      ...(me.latency.p99 > BUDGET.meP99Ms ? [`GET /auth/me p99 over ${BUDGET.meP99Ms} ms`] : []),
      ...(me.non2xx || login.non2xx ? ['non-2xx answers under load'] : []),
    ];
    console.log(
      failures.length ? `\nBudgets broken:\n- ${failures.join('\n- ')}` : '\nAll budgets met.',
    );
    process.exitCode = failures.length ? 1 : 0;
  } finally {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
};

await main();
