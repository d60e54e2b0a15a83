import type { TestProject } from 'vitest/node';
import { startTestSandbox } from '../support/test-sandbox';

/** The browser tests' sandbox serves the built SPA (web/dist) like production. */
export default function setup(project: TestProject) {
  return startTestSandbox(project, 'dist');
}
