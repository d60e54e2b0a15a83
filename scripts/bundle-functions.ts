import { build } from 'esbuild';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINT_GROUPS, type EndpointGroup } from '../shared/contract/route';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Bundles one endpoint group the way the CDK stack does (esbuild, ESM, node22, minified,
 * tree-shaken) so its size can be measured without a synth. The AWS SDK v3 is left to the
 * Node.js 22 Lambda runtime, which ships it (CDK's default): bundling it tripled every bundle.
 */
export const EXTERNAL_MODULES = ['@aws-sdk/*'];

export const bundleGroup = async (group: EndpointGroup, outDir = path.join(REPO_ROOT, 'dist', 'functions')) => {
  const outfile = path.join(outDir, group, 'index.mjs');
  await mkdir(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(REPO_ROOT, 'functions', group, 'handler.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    treeShaking: true,
    sourcemap: 'external',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
    external: EXTERNAL_MODULES,
    logLevel: 'warning',
  });
  return { group, outfile, bytes: (await stat(outfile)).size };
};

export const bundleAllGroups = async (outDir?: string) => {
  const results = [];
  for (const group of ENDPOINT_GROUPS) results.push(await bundleGroup(group, outDir));
  return results;
};
