import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { jsonFile } from './json-file';

describe('a sandbox JSON file', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('folds writes asked for meanwhile into one, and each resolves once its value is on disk', async () => {
    dir = await mkdtemp(join(tmpdir(), 'json-file-'));
    const path = join(dir, 'state.json');
    const file = jsonFile(path, z.object({ n: z.number() }));
    let serialised = 0;
    const value = (n: number) => ({
      toJSON: () => {
        serialised++;
        return { n };
      },
    });
    // A thousand changes at one instant, as thousands of schedules firing together make.
    const writes = Array.from({ length: 1_000 }, (_, n) => file.write(value(n) as never));
    await Promise.all(writes);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ n: 999 });
    expect(serialised).toBeLessThanOrEqual(2);

    // One asked for while a write is under way is written after it, not lost.
    const first = file.write({ n: 1 });
    const second = file.write({ n: 2 });
    await first;
    await second;
    expect(await file.read()).toEqual({ n: 2 });
  });
});
