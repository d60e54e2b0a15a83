import type { TestProject } from 'vitest/node';
import { startTestSandbox } from '../support/test-sandbox';

/**
 * The browser tests' sandbox serves the built SPA (web/dist) like production. Each browser
 * context is its own visitor (browser.ts sends its address), so the limits per client address
 * count people, not the whole suite.
 */
export default function setup(project: TestProject) {
  return startTestSandbox(project, 'dist', { viewerAddressFromRequest: true });
}
