import { nodeVersionProblem } from '#infra/sandbox/node-version';

const reported = Symbol.for('sailpost.node-version-reported');

/**
 * Every test run says which Node.js it ran on (CI's log proves it is the project's 22, not the
 * machine's own), and refuses to run on another: tests that pass on 20 prove less about the
 * Lambdas' 22. The projects inherit this setup and Vitest runs it for each of them in its main
 * process, so the line is printed once.
 */
export default function setup() {
  const problem = nodeVersionProblem();
  if (problem) throw new Error(problem);
  const state = globalThis as { [reported]?: boolean };
  if (state[reported]) return;
  state[reported] = true;
  console.log(`Tests run on Node.js ${process.version} (${process.execPath})`);
}
