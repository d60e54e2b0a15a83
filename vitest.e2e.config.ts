import { defineConfig } from 'vitest/config';
import { IMPORT_ALIASES } from './import-aliases';

/** Browser tests: Debian's Chromium driven by playwright-core against the sandbox serving the built SPA. */
export default defineConfig({
  resolve: { alias: IMPORT_ALIASES },
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
