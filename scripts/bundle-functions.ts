import { build } from 'esbuild';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINT_BUNDLING, handlerEntryOf } from '../infra/stacks/api-stack';
import { REPO_ROOT } from '../infra/stacks/paths';
import { routes } from '../shared/contract/manifest';
import { ENDPOINT_GROUPS, type EndpointGroup } from '../shared/contract/route';

export { REPO_ROOT };

/** esbuild options equal to what `cdk synth` uses for every endpoint Lambda (ENDPOINT_BUNDLING). */
export const endpointBuildOptions = (group: EndpointGroup) => ({
  entryPoints: [handlerEntryOf(group)],
  bundle: true,
  format: ENDPOINT_BUNDLING.format,
  platform: ENDPOINT_BUNDLING.platform,
  target: ENDPOINT_BUNDLING.target,
  mainFields: [...ENDPOINT_BUNDLING.mainFields],
  minify: ENDPOINT_BUNDLING.minify,
  banner: { js: ENDPOINT_BUNDLING.banner },
  external: [...ENDPOINT_BUNDLING.externalModules],
  logLevel: 'warning' as const,
});

export const groupsWithRoutes = ENDPOINT_GROUPS.filter((group) =>
  routes.some((route) => route.group === group),
);

/** Bundles one endpoint group into `<outDir>/<group>/index.mjs` and answers its minified size. */
export const bundleGroup = async (
  group: EndpointGroup,
  outDir = path.join(REPO_ROOT, 'dist', 'functions'),
) => {
  const outfile = path.join(outDir, group, 'index.mjs');
  await mkdir(path.dirname(outfile), { recursive: true });
  await build({ ...endpointBuildOptions(group), outfile, sourcemap: 'external' });
  return { group, outfile, bytes: (await stat(outfile)).size };
};

export const bundleAllGroups = async (outDir?: string) => {
  const results = [];
  for (const group of groupsWithRoutes) results.push(await bundleGroup(group, outDir));
  return results;
};
