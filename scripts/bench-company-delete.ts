/**
 * How long deleting a big company takes, against a running sandbox (it starts nothing itself):
 *
 *   npm start -- --spa=none                      (in another terminal)
 *   npx tsx scripts/bench-company-delete.ts [--url=http://localhost:3000] [--runs=5]
 *       [--campaigns=3000] [--dynamodb=http://127.0.0.1:PORT] [--data-dir=.sandbox]
 *
 * Each run registers a user, creates a company, seeds its campaigns straight into DynamoDB Local
 * (batch writes, as the campaign entity writes them), then times DELETE /api/companies/{id} (the
 * answer) and the company-cleanup job (until the company's partition is empty). Prints each run
 * and the medians. DynamoDB Local's address comes from --dynamodb, else from the lock of the
 * sandbox running on --data-dir.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { companyPartitionSize } from '#functions/core/db/company-partition';
import { TABLE_NAME } from '#infra/sandbox/function-environment';
import { defaultDataDir, readLock } from '#infra/sandbox/lock';
import { callSandboxApi } from './bench/sandbox-api';
import { writeInBatches } from './bench/sandbox-table';

const option = (name: string, fallback: string): string =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3) ?? fallback;

const url = option('url', 'http://localhost:3000').replace(/\/$/, '');
const runs = Number(option('runs', '5'));
const campaignCount = Number(option('campaigns', '3000'));

/** DynamoDB Local's address: given, or read from the running sandbox's lock and java's arguments. */
const dynamoDbEndpoint = (): string => {
  const given = option('dynamodb', '');
  if (given) return given;
  const dataDir = resolve(option('data-dir', defaultDataDir));
  const lock = readLock(dataDir);
  if (!lock?.dynamoDbPid) {
    throw new Error(
      `No running sandbox found in ${dataDir} (no lock with DynamoDB Local's pid): start one, or pass --dynamodb=<endpoint>.`,
    );
  }
  const command = execFileSync('ps', ['-p', String(lock.dynamoDbPid), '-o', 'command='], {
    encoding: 'utf8',
  });
  const port = /-port (\d+)/.exec(command)?.[1];
  if (!port) throw new Error(`Could not read DynamoDB Local's port from: ${command}`);
  return `http://127.0.0.1:${port}`;
};

const endpoint = dynamoDbEndpoint();
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

const api = <T>(method: string, path: string, body?: unknown, token?: string) =>
  callSandboxApi<T>(url, method, path, { body, token });

/** The campaign entity, pointed at the sandbox's table (it reads its configuration when made). */
const campaigns = async () => {
  Object.assign(process.env, {
    TABLE_NAME,
    DYNAMODB_ENDPOINT: endpoint,
    AWS_REGION: 'us-east-1',
    APP_URL: url,
    JWT_SECRET: 'unused-by-this-script-unused-by-this-script',
  });
  const { campaignEntity } = await import('#functions/core/db/entities/campaign');
  return campaignEntity();
};

const seedCampaigns = async (companyId: string, count: number): Promise<void> => {
  const entity = await campaigns();
  const items = Array.from(
    { length: count },
    (_, index) =>
      entity
        .put({
          companyId,
          campaignId: `bench-${index}`,
          name: `Campaign ${index}`,
          startDate: '2026-03-01',
          endDate: '2026-03-31',
        })
        .params<{ Item: Record<string, unknown> }>().Item,
  );
  await writeInBatches(db, items);
};

const partitionSize = (companyId: string) => companyPartitionSize(db, TABLE_NAME, companyId);

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const oneRun = async (): Promise<{ deleteMs: number; cleanupMs: number }> => {
  const suffix = randomUUID().slice(0, 8);
  const { access_token: token } = await api<{ access_token: string }>('POST', '/auth/register', {
    email: `bench-${suffix}@example.com`,
    password: 'correct-horse-battery',
    firstName: 'Bench',
    lastName: 'Mark',
    phoneNumber: `(555) ${String(Math.floor(Math.random() * 9_000_000) + 1_000_000).replace(/^(\d{3})/, '$1-')}`,
  });
  const { _id: companyId } = await api<{ _id: string }>(
    'POST',
    '/companies',
    { name: `Bench ${suffix}` },
    token,
  );
  await seedCampaigns(companyId, campaignCount);
  const seeded = await partitionSize(companyId);
  if (seeded !== campaignCount + 1)
    throw new Error(`Seeded ${seeded - 1} campaigns, not ${campaignCount}`);

  const started = performance.now();
  await api('DELETE', `/companies/${companyId}`, undefined, token);
  const deleteMs = performance.now() - started;
  for (const deadline = started + 300_000; (await partitionSize(companyId)) > 0;) {
    if (performance.now() > deadline) throw new Error('The clean-up did not finish in 5 minutes');
    await new Promise((done) => setTimeout(done, 50));
  }
  return { deleteMs, cleanupMs: performance.now() - started };
};

const main = async () => {
  console.log(
    `Deleting a company with ${campaignCount} campaigns on ${url} (DynamoDB Local ${endpoint}), ${runs} runs`,
  );
  const results: { deleteMs: number; cleanupMs: number }[] = [];
  for (let run = 1; run <= runs; run++) {
    const result = await oneRun();
    results.push(result);
    console.log(
      `  run ${run}: DELETE answered in ${result.deleteMs.toFixed(0)} ms, clean-up done after ${result.cleanupMs.toFixed(0)} ms`,
    );
  }
  console.log(
    `median: DELETE ${median(results.map((r) => r.deleteMs)).toFixed(0)} ms, clean-up ${median(
      results.map((r) => r.cleanupMs),
    ).toFixed(0)} ms`,
  );
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
