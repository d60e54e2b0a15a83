import autocannon from 'autocannon';
import { LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR } from '#shared/domain/limits';
import { BUDGETS } from './budgets';
import { median } from './stats';
import { infoRow, judgedRow, type Row } from './table';

const SECTION = 'API on the sandbox';

export interface Account {
  email: string;
  password: string;
  token: string;
  /** The user object the API answered, as the web app stores it beside the token. */
  user: unknown;
}

interface LoadRun {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  failures: number;
}

const load = (url: string, options: Partial<autocannon.Options>): Promise<LoadRun> =>
  new Promise((resolve, reject) =>
    autocannon({ url, ...options }, (error, result) =>
      error
        ? reject(error)
        : resolve({
            p50: result.latency.p50,
            p99: result.latency.p99,
            requestsPerSecond: result.requests.average,
            failures: result.non2xx + result.errors + result.timeouts,
          }),
    ),
  );

const repeat = async (runs: number, once: () => Promise<LoadRun>): Promise<LoadRun[]> => {
  const results: LoadRun[] = [];
  for (let run = 0; run < runs; run += 1) results.push(await once());
  return results;
};

export const registerBenchAccount = async (api: string): Promise<Account> => {
  const credentials = { email: 'bench@example.com', password: 'benchmark-password' };
  const response = await fetch(`${api}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...credentials,
      firstName: 'Bench',
      lastName: 'Mark',
      phoneNumber: '(555) 010-0000',
    }),
  });
  if (!response.ok)
    throw new Error(`POST /auth/register: ${response.status} ${await response.text()}`);
  const { access_token: token, user } = (await response.json()) as {
    access_token: string;
    user: unknown;
  };
  return { ...credentials, token, user };
};

const ms = (value: number) => `${Math.round(value)} ms`;
const runsOf = (values: readonly number[]) => `(runs: ${values.map(Math.round).join(', ')})`;

/**
 * Latency under load, from this process while the sandbox runs in its own: a steady 150 req/s of
 * GET /auth/me over 4 connections (`runs` runs, the budget judged on the median p99), then, for
 * information, GET /auth/me as fast as it answers and POST /auth/login (scrypt, CPU-bound by
 * design). An account may sign in LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR times an hour, successes
 * included (the wall against a guesser with many addresses), so the login runs share that many
 * requests, two at a time (the per-address count of five is cleared by each success): more would
 * measure the throttle's 429s, not the login.
 */
export const measureApiLatency = async (
  api: string,
  account: Account,
  { seconds, runs }: { seconds: number; runs: number },
): Promise<Row[]> => {
  const me = `${api}/auth/me`;
  const headers = { authorization: `Bearer ${account.token}` };
  // Both JITs (Node's and DynamoDB Local's JVM) warm first, as in a warm Lambda container.
  console.log('Warm-up: GET /auth/me for 5 s (not measured)…');
  await load(me, { connections: 4, duration: 5, headers });
  console.log(`Load: GET /auth/me at 150 req/s, ${runs} × ${seconds} s (4 connections)…`);
  const steady = await repeat(runs, () =>
    load(me, { connections: 4, overallRate: 150, duration: seconds, headers }),
  );
  console.log(`Load: GET /auth/me as fast as it answers, ${seconds} s (10 connections)…`);
  const [saturated] = await repeat(1, () =>
    load(me, { connections: 10, duration: seconds, headers }),
  );
  const loginsPerRun = Math.floor((LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR - 1) / runs);
  console.log(`Load: POST /auth/login, ${runs} × ${loginsPerRun} requests (2 connections)…`);
  const login = await repeat(runs, () =>
    load(`${api}/auth/login`, {
      connections: 2,
      amount: loginsPerRun,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    }),
  );

  const p99s = steady.map((run) => run.p99);
  const failures = [...steady, saturated!, ...login].reduce((sum, run) => sum + run.failures, 0);
  return [
    judgedRow(
      SECTION,
      'GET /auth/me p99 @150 req/s',
      median(p99s),
      BUDGETS.meP99Ms,
      ms,
      runsOf(p99s),
    ),
    infoRow(SECTION, 'GET /auth/me p50 @150 req/s', `${ms(median(steady.map((run) => run.p50)))}`),
    infoRow(
      SECTION,
      'GET /auth/me saturated',
      `${Math.round(saturated!.requestsPerSecond)} req/s, p50 ${ms(saturated!.p50)}, p99 ${ms(saturated!.p99)}`,
    ),
    infoRow(
      SECTION,
      'POST /auth/login',
      `p50 ${ms(median(login.map((run) => run.p50)))}, p99 ${ms(median(login.map((run) => run.p99)))}, ` +
        `${median(login.map((run) => run.requestsPerSecond)).toFixed(1)} req/s`,
    ),
    judgedRow(SECTION, 'non-2xx, errors and timeouts', failures, { atMost: 0 }, String),
  ];
};
