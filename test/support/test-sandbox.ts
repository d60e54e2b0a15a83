import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSandbox, TABLE_NAME, type Sandbox, type SpaMode } from '#infra/sandbox/sandbox';
import { startTestSite } from './test-site';

/**
 * One sandbox for a whole Vitest project (API or browser tests): a random port, a fresh data
 * directory, no `.env` (tests never reach real services), and a small company website that the
 * website reader may fetch (the one private origin allowed through FETCH_ALLOW_ORIGINS).
 *
 * This runs in Vitest's main process, and so do the handlers the gateway invokes, so the
 * variables set for them live in this process's environment. Vitest forks workers with
 * `{ ...process.env, ...config.env }`; each such variable is reset to its previous value
 * (usually unset) for the workers, so unit tests stay as hermetic as when run alone.
 */
export const startTestSandbox = async (
  project: TestProject,
  spa: SpaMode,
): Promise<() => Promise<void>> => {
  const before = { ...process.env };
  const dataDir = await mkdtemp(join(tmpdir(), 'sailpost-test-'));
  const testSite = await startTestSite();
  const handlerEnv: Record<string, string> = { FETCH_ALLOW_ORIGINS: testSite.origin };
  Object.assign(process.env, handlerEnv);

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
      log: process.env.SANDBOX_LOG === 'true',
    });
    const rootConfig = project.vitest.config as { env?: Record<string, string | undefined> };
    const workerEnv = (rootConfig.env ??= {});
    for (const name of Object.keys({ ...handlerEnv, ...sandbox.env }))
      workerEnv[name] = before[name];

    project.provide('apiUrl', sandbox.url);
    project.provide('s3Endpoint', sandbox.s3Endpoint);
    project.provide('dynamoDbEndpoint', sandbox.dynamoDbEndpoint);
    project.provide('tableName', TABLE_NAME);
    project.provide('testSiteOrigin', testSite.origin);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return cleanUp;
};
