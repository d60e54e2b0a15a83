import { build } from 'esbuild';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { JOB_NAMES, type JobName } from '#functions/core/jobs/names';
import {
  endpointEntryOf,
  FUNCTION_BUNDLING,
  jobEntryOf,
} from '#infra/constructs/function-bundling';
import { REPO_ROOT } from '#infra/constructs/paths';
import { routes } from '#shared/contract/manifest';
import { ENDPOINT_GROUPS, type EndpointGroup } from '#shared/contract/route';

export { REPO_ROOT };

const DIST_FUNCTIONS = path.join(REPO_ROOT, 'dist', 'functions');

/** The `--alias:from=to` arguments of FUNCTION_BUNDLING as esbuild's `alias` option. */
const aliasesOf = (args: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(args).flatMap(([name, to]) =>
      name.startsWith('--alias:') ? [[name.slice('--alias:'.length), to]] : [],
    ),
  );

/** esbuild options equal to what `cdk synth` uses for every Lambda (FUNCTION_BUNDLING). */
export const functionBuildOptions = (entry: string) => ({
  entryPoints: [entry],
  bundle: true,
  format: FUNCTION_BUNDLING.format,
  platform: FUNCTION_BUNDLING.platform,
  target: FUNCTION_BUNDLING.target,
  mainFields: [...FUNCTION_BUNDLING.mainFields],
  minify: FUNCTION_BUNDLING.minify,
  sourcesContent: FUNCTION_BUNDLING.sourcesContent,
  banner: { js: FUNCTION_BUNDLING.banner },
  external: [...FUNCTION_BUNDLING.externalModules],
  alias: aliasesOf(FUNCTION_BUNDLING.esbuildArgs),
  logLevel: 'warning' as const,
});

export const endpointBuildOptions = (group: EndpointGroup) =>
  functionBuildOptions(endpointEntryOf(group));

export const jobBuildOptions = (job: JobName) => functionBuildOptions(jobEntryOf(job));

export const groupsWithRoutes = ENDPOINT_GROUPS.filter((group) =>
  routes.some((route) => route.group === group),
);

const bundleTo = async (entry: string, outfile: string) => {
  await mkdir(path.dirname(outfile), { recursive: true });
  await build({ ...functionBuildOptions(entry), outfile, sourcemap: 'external' });
  return { outfile, bytes: (await stat(outfile)).size };
};

/** Bundles one endpoint group into `<outDir>/<group>/index.mjs` and answers its minified size. */
export const bundleGroup = async (group: EndpointGroup, outDir = DIST_FUNCTIONS) => ({
  group,
  ...(await bundleTo(endpointEntryOf(group), path.join(outDir, group, 'index.mjs'))),
});

/** Bundles one job into `<outDir>/jobs/<job>/index.mjs` and answers its minified size. */
export const bundleJob = async (job: JobName, outDir = DIST_FUNCTIONS) => ({
  job,
  ...(await bundleTo(jobEntryOf(job), path.join(outDir, 'jobs', job, 'index.mjs'))),
});

export const bundleAllGroups = async (outDir?: string) => {
  const results = [];
  for (const group of groupsWithRoutes) results.push(await bundleGroup(group, outDir));
  return results;
};

export const bundleAllJobs = async (outDir?: string) => {
  const results = [];
  for (const job of JOB_NAMES) results.push(await bundleJob(job, outDir));
  return results;
};
