import type { TestProject } from 'vitest/node';
import { startTestSandbox } from '../support/test-sandbox';

/** The API tests' sandbox: no SPA; tests talk HTTP to `inject('apiUrl')`. */
export default function setup(project: TestProject) {
  return startTestSandbox(project, 'none');
}
