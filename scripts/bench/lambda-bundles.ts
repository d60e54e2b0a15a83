import { bundleBudgetBytesOf } from '#infra/constructs/function-bundling';
import { bundleAllGroups, bundleAllJobs } from '../bundle-functions';
import { BUDGETS } from './budgets';
import { measureModuleInit, type Bundle } from './module-init';
import { failedRow, infoRow, judgedRow, type Row } from './table';

const kb = (value: number) => `${value.toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * Builds every Lambda bundle as `npm run build:functions` does (dist/functions/<group>/index.mjs
 * and dist/functions/jobs/<job>/index.mjs), then measures each one's size and module init.
 */
export const measureLambdaBundles = async (initRuns: number): Promise<Row[]> => {
  const built = [
    ...(await bundleAllGroups()).map(({ group, outfile, bytes }) => ({
      name: group,
      file: outfile,
      bytes,
      isGroup: true,
    })),
    ...(await bundleAllJobs()).map(({ job, outfile, bytes }) => ({
      name: `jobs/${job}`,
      file: outfile,
      bytes,
      isGroup: false,
    })),
  ];
  console.log(`Timing module init: ${initRuns} fresh node processes per bundle…`);
  const bundles: Bundle[] = built.map(({ name, file }) => ({ name, file }));
  const init = await measureModuleInit(bundles, initRuns);

  const sizes = built.map(({ name, bytes }) =>
    judgedRow(
      'Lambda bundle (minified)',
      name,
      bytes / 1024,
      // The common budget, or a function's documented exception (the construct's).
      { atMost: Math.max(BUDGETS.bundleKb.atMost, bundleBudgetBytesOf(name) / 1024) },
      kb,
    ),
  );
  const inits = built.map(({ name, isGroup }) => {
    const section = `Module init (median of ${initRuns})`;
    const result = init.get(name)!;
    if (result instanceof Error) return failedRow(section, name, result);
    const detail = `(min ${ms(result.min)}, max ${ms(result.max)})`;
    // The 150 ms goal is set for endpoint groups, whose cold starts a person waits for.
    return isGroup
      ? judgedRow(section, name, result.median, BUDGETS.groupInitMs, ms, detail)
      : infoRow(section, name, `${ms(result.median)} ${detail}`);
  });
  return [...sizes, ...inits];
};
