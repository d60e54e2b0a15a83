import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BUDGETS } from './budgets';
import { median } from './stats';
import { failedRow, infoRow, judgedRow, type Row } from './table';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../bench-company-delete.ts');
const SECTION = 'Company deletion (3,000 campaigns)';
const CAMPAIGNS = 3000;

const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * scripts/bench-company-delete.ts against the bench's sandbox: the DELETE answer (budget on the
 * median of `runs`) and, for information, when the company-cleanup job had removed every item.
 * Its printed lines are the interface: `run n: DELETE answered in X ms, clean-up done after Y ms`.
 */
export const measureCompanyDelete = async (
  sandbox: { url: string; dynamoDbEndpoint: string },
  runs: number,
): Promise<Row[]> => {
  if (!existsSync(SCRIPT)) {
    return [
      infoRow(
        SECTION,
        'DELETE /api/companies/{id}',
        'not measured (no scripts/bench-company-delete.ts)',
      ),
    ];
  }
  console.log(`Company deletion: ${runs} runs with ${CAMPAIGNS} campaigns each…`);
  try {
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        SCRIPT,
        `--url=${sandbox.url}`,
        `--dynamodb=${sandbox.dynamoDbEndpoint}`,
        `--runs=${runs}`,
        `--campaigns=${CAMPAIGNS}`,
      ],
      { cwd: path.resolve(import.meta.dirname, '../..'), maxBuffer: 10 * 1024 * 1024 },
    );
    const results = [
      ...stdout.matchAll(/DELETE answered in (\d+) ms, clean-up done after (\d+) ms/g),
    ].map((match) => ({ deleteMs: Number(match[1]), cleanupMs: Number(match[2]) }));
    if (results.length === 0) throw new Error(`no run in its output: ${stdout.trim()}`);
    const deletes = results.map((result) => result.deleteMs);
    return [
      judgedRow(
        SECTION,
        'DELETE /api/companies/{id}',
        median(deletes),
        BUDGETS.companyDeleteMs,
        ms,
        `(runs: ${deletes.join(', ')})`,
      ),
      infoRow(
        SECTION,
        'every item removed after',
        ms(median(results.map((result) => result.cleanupMs))),
      ),
    ];
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1);
    return [failedRow(SECTION, 'DELETE /api/companies/{id}', stderr ? new Error(stderr) : error)];
  }
};
