import { SandboxError } from './sandbox-error';

/**
 * The Node.js that the Lambdas run (nodejs22.x): the project installs it as a dev dependency
 * (`node` in package.json), and npm puts node_modules/.bin first on the PATH for `npm start`,
 * `npm test`, `npm run …` and `npx …`. Anything else run here would prove less about production:
 * a machine's own Node.js (often 20) only bootstraps `npm ci`.
 */
export const PROJECT_NODE = { major: 22, minor: 12 } as const;

/** Why this Node.js is not the project's, in one line for the terminal; undefined when it is. */
export const nodeVersionProblem = (
  version: string = process.version,
  executable: string = process.execPath,
): string | undefined => {
  const [major = NaN, minor = NaN] = version.replace(/^v/, '').split('.').map(Number);
  if (major === PROJECT_NODE.major && minor >= PROJECT_NODE.minor) return undefined;
  return (
    `Sailpost runs on Node.js ${PROJECT_NODE.major} (${PROJECT_NODE.major}.${PROJECT_NODE.minor}+, as its Lambdas do), ` +
    `but this is Node.js ${version} (${executable}). Run \`npm ci\` once, then start everything ` +
    'through npm (npm start, npm test, npm run …, npx …): npm runs the Node.js 22 that the ' +
    'project installs in node_modules/.bin.'
  );
};

/** Refuses to start on another Node.js than the project's, saying how to get it. */
export const assertProjectNode = (
  version: string = process.version,
  executable: string = process.execPath,
): void => {
  const problem = nodeVersionProblem(version, executable);
  if (problem) throw new SandboxError(problem);
};
