import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { startBenchSandbox } from './sandbox-child';
import { percentile } from './stats';
import { infoRow, judgedRow, type Row } from './table';

const SECTION = 'Sign-ups on the sandbox';

/** Unmeasured sign-ups one at a time first (they take founder seats too). */
const WARM_UP_SIGN_UPS = 3;

/** Sign-ups at once, and how many bursts of that size are measured. */
const LEVELS = [
  { concurrent: 1, bursts: 20 },
  { concurrent: 20, bursts: 3 },
  { concurrent: 200, bursts: 1 },
] as const;

interface SignUp {
  status: number;
  ms: number;
  founder: boolean;
}

/**
 * Registrations are limited per client address (5 an hour), and the sandbox takes the address
 * from the connection, as CloudFront does: every sign-up comes from a loopback address of its own
 * (all of 127.0.0.0/8 is loopback on Linux), in a range the API tests do not use.
 */
let addressCounter = 0xf00000;
const nextAddress = (): string => {
  do addressCounter += 1;
  while ((addressCounter & 0xff) === 0 || (addressCounter & 0xff) === 0xff);
  return `127.${(addressCounter >> 16) & 0xff}.${(addressCounter >> 8) & 0xff}.${addressCounter & 0xff}`;
};

let phoneCounter = 0;

/** One POST /auth/register from its own address (fetch cannot choose the local address). */
const signUp = (api: string): Promise<SignUp> => {
  phoneCounter += 1;
  const digits = String(2_000_000 + phoneCounter);
  const body = JSON.stringify({
    email: `signup-${randomUUID().slice(0, 12)}@example.com`,
    password: 'benchmark-password',
    firstName: 'Bench',
    lastName: 'Signup',
    phoneNumber: `(555) ${digits.slice(0, 3)}-${digits.slice(3)}`,
  });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${api}/auth/register`,
      {
        method: 'POST',
        localAddress: nextAddress(),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          const role =
            status === 201 ? (JSON.parse(text) as { user: { role: string } }).user.role : '';
          resolve({ status, ms: performance.now() - started, founder: role === 'founder' });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
};

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * POST /auth/register at 1, 20 and 200 sign-ups at once (each burst waits for the one before), on
 * a sandbox of its own: fresh, so every founder seat is free at the start (the first sign-ups take
 * them, the rows say how many), and on the RAM disk, so a burst waits on the code rather than on
 * DynamoDB Local's file. The p50 and p99 of each level are for information: the sandbox runs
 * every handler in one process on this machine's cores, so under a burst they measure queueing
 * for scrypt and DynamoDB Local, not what Lambda gives each sign-up. The judged row is the
 * errors: any answer but 201.
 */
export const measureSignUps = async (): Promise<Row[]> => {
  console.log('Sign-ups: starting a fresh sandbox in its own process…');
  const sandbox = await startBenchSandbox('none', { ramDisk: true });
  try {
    return await measureOn(`${sandbox.url}/api`);
  } finally {
    await sandbox.stop();
  }
};

const measureOn = async (api: string): Promise<Row[]> => {
  // The handler's first import and both JITs (Node's and DynamoDB Local's), as in a warm Lambda.
  for (let warmUp = 0; warmUp < WARM_UP_SIGN_UPS; warmUp++) await signUp(api);
  const rows: Row[] = [];
  let errors = 0;
  for (const { concurrent, bursts } of LEVELS) {
    console.log(`Sign-ups: ${bursts} × ${concurrent} at once, each from its own address…`);
    const results: SignUp[] = [];
    for (let burst = 0; burst < bursts; burst++) {
      results.push(...(await Promise.all(Array.from({ length: concurrent }, () => signUp(api)))));
    }
    const failed = results.filter((result) => result.status !== 201);
    errors += failed.length;
    const latencies = results.map((result) => result.ms);
    const founders = results.filter((result) => result.founder).length;
    const refusals = [...new Set(failed.map((result) => result.status))].join('/');
    rows.push(
      infoRow(
        SECTION,
        `POST /auth/register, ${concurrent} at once`,
        `p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))} ` +
          `(${results.length} sign-ups, ${founders} founders${refusals ? `, answers ${refusals}` : ''})`,
      ),
    );
  }
  rows.push(judgedRow(SECTION, 'sign-ups not answered 201', errors, { atMost: 0 }, String));
  return rows;
};
