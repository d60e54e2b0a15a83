import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TABLE_NAME } from '#infra/sandbox/function-environment';
import { startSandbox, type Sandbox } from '#infra/sandbox/sandbox';
import type { SpaMode } from '#infra/sandbox/spa';
import { declaration as probeDeclaration } from './jobs/probe/bindings';
import { startTestSite } from './test-site';

/**
 * One sandbox for a whole Vitest project (API or browser tests): a random port, a fresh data
 * directory, no `.env` (tests never reach real services), a small company website that the
 * website reader may fetch (the one private origin allowed through FETCH_ALLOW_ORIGINS), and the
 * probe job (test/support/jobs/probe) beside the real jobs.
 *
 * This runs in Vitest's main process, and so do the handlers the gateway invokes. Whatever the
 * sandbox sets in this process's environment (`sandbox.env`) must not reach the test workers:
 * Vitest forks them with `{ ...process.env, ...config.env }`, so each such variable is reset to
 * its previous value (usually unset) for the workers, and unit tests stay as hermetic as when run
 * alone.
 */
export const startTestSandbox = async (
  project: TestProject,
  spa: SpaMode,
  { viewerAddressFromRequest = false }: { viewerAddressFromRequest?: boolean } = {},
): Promise<() => Promise<void>> => {
  const before = { ...process.env };
  // The handlers run in this process and share one logger, made when first imported: below
  // WARN their routine lines would bury the test report. SANDBOX_LOG=true shows everything.
  const verbose = process.env.SANDBOX_LOG === 'true';
  process.env.LOG_LEVEL = verbose ? 'INFO' : 'WARN';
  // DynamoDB Local commits each write to its file: on a RAM disk (where there is one) the tests'
  // bulk seeding and clean-ups run about ten times faster.
  const dataRoot = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = await mkdtemp(join(dataRoot, 'sailpost-test-'));
  const testSite = await startTestSite();

  let sandbox: Sandbox | undefined;
  const cleanUp = async () => {
    await sandbox?.stop();
    await testSite.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    sandbox = await startSandbox({
      port: 0,
      spa,
      dataDir,
      loadDotEnv: false,
      log: verbose,
      environment: {
        FETCH_ALLOW_ORIGINS: testSite.origin,
        // Every test file publishes to the same stand-ins through one sandbox: the app-wide
        // posting buckets (X's 90 per 15 minutes) would make files wait on each other's posts.
        // The buckets' own tests set their rates themselves.
        THROUGHPUT_LIMITS: JSON.stringify(
          Object.fromEntries(
            (['x-posts', 'linkedin-posts', 'meta-posts'] as const).map((bucket) => [
              bucket,
              { amount: 1_000, perSeconds: 1, burst: 1_000 },
            ]),
          ),
        ),
      },
      viewerAddressFromRequest,
      extraJobs: {
        probe: { load: () => import('./jobs/probe/handler'), declaration: probeDeclaration },
      },
    });
    const rootConfig = project.vitest.config as { env?: Record<string, string | undefined> };
    const workerEnv = (rootConfig.env ??= {});
    for (const name of [...Object.keys(sandbox.env), 'LOG_LEVEL']) workerEnv[name] = before[name];

    project.provide('apiUrl', sandbox.url);
    project.provide('s3Endpoint', sandbox.s3Endpoint);
    project.provide('dynamoDbEndpoint', sandbox.dynamoDbEndpoint);
    project.provide('tableName', TABLE_NAME);
    project.provide('testSiteOrigin', testSite.origin);
    project.provide('stripeWebhookSecret', sandbox.stripeWebhookSecret);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
};
