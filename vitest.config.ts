import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './import-aliases';

/**
 * One `npm test` runs every suite: unit tests beside the code, web component tests in jsdom,
 * CDK template tests, and API tests through the sandbox gateway against DynamoDB Local.
 */
export default defineConfig({
  resolve: { alias: IMPORT_ALIASES },
  test: {
    // Prints the Node.js version the tests run on and refuses any but the project's 22.
    globalSetup: ['test/node-version.global-setup.ts'],
    // Vitest leaves one core free by default: on a 2-core CI machine that is one worker, and the
    // jsdom files alone took twice as long.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'functions/**/*.test.ts',
            'shared/**/*.test.ts',
            'infra/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/lint/**/*.test.ts',
          ],
          // Many of these talk to DynamoDB Local or read the whole source tree; on 2 CI cores busy
          // with the API and web projects beside them, 5 s is too tight for what they judge.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          css: false,
          // A screen test types, clicks and renders a lot; on 2 busy CI cores 5 s is too tight.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          // Loading CDK and cdk-nag once for all files instead of once per file halves the run.
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/api/global-setup.ts'],
          // Each file ends by checking every analytics payload of the suite for personal data.
          setupFiles: ['test/api/analytics-payloads.setup.ts'],
          // One sandbox serves every file; files run in turn so counters (founder seats) are exact.
          // A pool of their own (the others use forks), so these files run beside the rest
          // rather than after them: Vitest runs a pool's single worker after its parallel ones.
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
