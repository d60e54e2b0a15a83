import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_BUNDLE_BUDGET_BYTES, handlerEntryOf } from '#infra/stacks/api-stack';
import { endpointBuildOptions, groupsWithRoutes } from '../../scripts/bundle-functions';

/**
 * The infra tests skip NodejsFunction bundling; this bundles each real handler with the stack's
 * esbuild settings (what `cdk synth` does) and holds it to the size budget.
 */
describe('endpoint bundles', () => {
  it.each(groupsWithRoutes)('%s: has a handler and bundles within the budget', async (group) => {
    const entry = handlerEntryOf(group);
    expect(existsSync(entry), entry).toBe(true);
    const result = await build({
      ...endpointBuildOptions(group),
      write: false,
      outfile: 'index.mjs',
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    expect(output?.text).toMatch(/export\s*\{[^}]*\bhandler\b/);
    expect(output?.contents.byteLength ?? Infinity).toBeLessThanOrEqual(
      ENDPOINT_BUNDLE_BUDGET_BYTES,
    );
  });
});
