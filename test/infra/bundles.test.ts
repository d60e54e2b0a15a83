import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES } from '#functions/core/jobs/names';
import {
  bundleBudgetBytesOf,
  endpointEntryOf,
  jobEntryOf,
} from '#infra/constructs/function-bundling';
import { REPO_ROOT } from '#infra/constructs/paths';
import {
  endpointBuildOptions,
  functionBuildOptions,
  groupsWithRoutes,
  jobBuildOptions,
} from '../../scripts/bundle-functions';

/**
 * The infra tests skip NodejsFunction bundling; this bundles each real handler with the
 * construct's esbuild settings (what `cdk synth` does) and holds it to the size budget.
 */
const expectHandlerWithinBudget = async (
  options: ReturnType<typeof endpointBuildOptions>,
  budgetBytes: number,
) => {
  const result = await build({
    ...options,
    write: false,
    outfile: 'index.mjs',
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  expect(output?.text).toMatch(/export\s*\{[^}]*\bhandler\b/);
  expect(output?.contents.byteLength ?? Infinity).toBeLessThanOrEqual(budgetBytes);
};

describe('endpoint bundles', () => {
  it.each(groupsWithRoutes)('%s: has a handler and bundles within the budget', async (group) => {
    expect(existsSync(endpointEntryOf(group)), endpointEntryOf(group)).toBe(true);
    await expectHandlerWithinBudget(endpointBuildOptions(group), bundleBudgetBytesOf(group));
  });
});

describe('job bundles', () => {
  it.each(JOB_NAMES)('%s: has a handler and bundles within the budget', async (job) => {
    expect(existsSync(jobEntryOf(job)), jobEntryOf(job)).toBe(true);
    await expectHandlerWithinBudget(jobBuildOptions(job), bundleBudgetBytesOf(`jobs/${job}`));
  });
});

describe('polyfills', () => {
  it("leaves twitter-text's core-js imports out: Node 22 has what they add", async () => {
    const result = await build({
      ...functionBuildOptions(join(REPO_ROOT, 'shared', 'domain', 'post-text.ts')),
      write: false,
      outfile: 'index.mjs',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('twitter-text'))).toBe(true);
    expect(inputs.filter((input) => input.includes('core-js'))).toEqual([]);
  });
});
