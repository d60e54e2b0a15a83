import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startSandbox } from '../../infra/sandbox/sandbox';

/** One sandbox with a fresh data directory, serving the built SPA (web/dist) like production. */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sailpost-e2e-'));
  const sandbox = await startSandbox({ port: 0, dataDir, spa: 'dist', log: false });
  project.provide('baseUrl', sandbox.url);
  return async () => {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
