/**
 * The sandbox for the bench, in a process of its own so that the load generator (in the bench's
 * process) does not share its event loop: `node --import tsx scripts/bench/sandbox-process.ts
 * [--spa=none|dist] [--data-root=<dir>] [--setting=NAME=VALUE …]`. A free port, a fresh data directory under the data root
 * (the system's temporary directory unless given; removed on stop; a developer's `.sandbox` and a
 * running `npm start` are left alone) and no `.env` (the bench never reaches real services). Writes
 * one JSON line `{ url, dynamoDbEndpoint, dataDir, environments }` to stdout when ready (the
 * environment each function runs with, by name, for a bench that runs a bundle in a process of
 * its own against this sandbox); stops on SIGTERM or SIGINT.
 *
 * It starts the sandbox through `startSandbox`, as the test harness does, rather than through
 * `npm start`, whose command line has no option for the data directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox } from '#infra/sandbox/sandbox';

const spa = process.argv.includes('--spa=dist') ? 'dist' : 'none';
const dataRoot =
  process.argv.find((arg) => arg.startsWith('--data-root='))?.slice('--data-root='.length) ??
  tmpdir();
const dataDir = await mkdtemp(path.join(dataRoot, 'sailpost-bench-'));
// `--setting=NAME=VALUE`: a setting as if it were in `.env` (the scale bench's limits and delays).
const environment = Object.fromEntries(
  process.argv
    .filter((arg) => arg.startsWith('--setting='))
    .map((arg) => {
      const [name, ...value] = arg.slice('--setting='.length).split('=');
      return [name!, value.join('=')];
    }),
);

try {
  const sandbox = await startSandbox({
    port: 0,
    dataDir,
    spa,
    log: false,
    loadDotEnv: false,
    environment,
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    sandbox
      .stop()
      .finally(() => rm(dataDir, { recursive: true, force: true }))
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('The bench sandbox did not stop cleanly:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(
    `${JSON.stringify({
      url: sandbox.url,
      dynamoDbEndpoint: sandbox.dynamoDbEndpoint,
      dataDir,
      environments: sandbox.environments,
    })}\n`,
  );
} catch (error) {
  await rm(dataDir, { recursive: true, force: true });
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
