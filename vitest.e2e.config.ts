import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './import-aliases';

/** Browser tests: Debian's Chromium driven by playwright-core against the sandbox serving the built SPA. */
export default defineConfig({
  resolve: { alias: IMPORT_ALIASES },
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    setupFiles: ['test/e2e/report-retries.ts'],
    // Two files at a time: a browser test mostly waits (on the sandbox, on Chromium), so two share
    // 2 cores well. Each browser context is its own visitor and account, so files do not collide.
    maxWorkers: 2,
    testTimeout: 90_000,
    // The sandbox's jobs (emails, texts) and the SPA's lazy screens take longer than Vitest's 1 s
    // default on a busy 2-core CI machine; waiting is not what these tests judge.
    expect: { poll: { timeout: 15_000 } },
    // One more try for a test that fails: in 1 of 4 full runs on this 2-core machine the sandbox
    // stopped answering registrations for about half a minute (not reproduced alone; under
    // investigation). A test that fails twice still fails the run.
    retry: 1,
    hookTimeout: 90_000,
  },
});
