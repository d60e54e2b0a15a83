import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { spreadOf, type Spread } from './stats';

const run = promisify(execFile);

/**
 * Evaluated by a fresh `node` for each sample: the time to load and initialise the bundle, as a
 * Lambda cold start spends it before the first event. The bundle's `@aws-sdk/*` imports resolve
 * from the repository's node_modules, as the runtime provides them in Lambda.
 */
const TIME_IMPORT = `
const started = performance.now();
await import(process.argv[1]);
process.stdout.write(String(performance.now() - started));
`;

export interface Bundle {
  /** `auth`, `jobs/sweeper`, … */
  name: string;
  file: string;
}

/**
 * What the function's process sees before its first event: the region and the function's name,
 * as Lambda sets them; nothing from this shell (no sandbox endpoints, no developer settings).
 */
export const lambdaLikeEnvironment = (name: string) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  AWS_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: `sailpost-${name.replace('/', '-')}`,
  NODE_ENV: 'production',
});

const timeImport = async (bundle: Bundle): Promise<number> => {
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', TIME_IMPORT, pathToFileURL(bundle.file).href],
    { env: lambdaLikeEnvironment(bundle.name) },
  );
  const milliseconds = Number(stdout);
  if (!Number.isFinite(milliseconds)) throw new Error(`Unexpected output: ${stdout}`);
  return milliseconds;
};

/**
 * `runs` samples per bundle, one process at a time. The bundles take turns (round after round)
 * so that a burst of load from elsewhere on the machine spreads over all of them.
 */
export const measureModuleInit = async (
  bundles: readonly Bundle[],
  runs: number,
): Promise<Map<string, Spread | Error>> => {
  const samples = new Map<string, number[]>(bundles.map(({ name }) => [name, []]));
  const failures = new Map<string, Error>();
  for (let round = 0; round < runs; round += 1) {
    for (const bundle of bundles) {
      if (failures.has(bundle.name)) continue;
      try {
        samples.get(bundle.name)!.push(await timeImport(bundle));
      } catch (error) {
        const stderr = (error as { stderr?: string }).stderr ?? '';
        const thrown = stderr.split('\n').find((line) => /^\w*Error\b/.test(line));
        failures.set(bundle.name, new Error(thrown ?? String(error)));
      }
    }
  }
  return new Map(
    bundles.map(({ name }) => [name, failures.get(name) ?? spreadOf(samples.get(name)!)]),
  );
};
