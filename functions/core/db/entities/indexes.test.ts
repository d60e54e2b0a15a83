import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '#functions/core/config';
import { GLOBAL_INDEXES } from '../table';

/**
 * Every secondary index an entity reads or writes is one of the table's: an entity keyed on an
 * index the table (and so the CDK stack and the sandbox) lacks would fail only when first queried.
 */
describe('the entities’ indexes', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    process.env.TABLE_NAME = 'indexes-test';
    resetConfigForTests();
  });
  afterAll(() => {
    process.env = saved;
    resetConfigForTests();
  });

  const files = readdirSync(import.meta.dirname).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );

  it.each(files)('%s keys only indexes the table has', async (file) => {
    const exports = (await import(`./${file}`)) as Record<string, unknown>;
    // Each entity is exported as its lazy maker, `…Entity`.
    const used = Object.entries(exports)
      .filter(([name, value]) => name.endsWith('Entity') && typeof value === 'function')
      .map(([, make]) => (make as () => unknown)())
      .flatMap((entity) => {
        const indexes = (entity as { schema?: { indexes?: Record<string, { index?: string }> } })
          ?.schema?.indexes;
        return indexes ? Object.values(indexes).map((index) => index.index) : [];
      })
      .filter((name): name is string => name !== undefined);
    const declared = GLOBAL_INDEXES.map((index) => index.indexName as string);
    for (const name of used) expect(declared).toContain(name);
  });
});
