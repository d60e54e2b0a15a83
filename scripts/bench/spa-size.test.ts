import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureSpaJavaScript } from './spa-size';

const FILES: Record<string, string> = {
  'assets/index.js': 'import"./polyfill.js";requestAnimationFrame(()=>import("./app.js"));',
  'assets/app.js': 'import{a}from"./shared.js";const r=()=>import("./route.js");a(r);',
  'assets/shared.js': 'export const a=(f)=>f;',
  'assets/polyfill.js': 'globalThis.x=1;',
  'assets/route.js': 'import{a}from"./shared.js";import{z}from"./zod.js";export default a(z);',
  'assets/zod.js': `export const z="${'z'.repeat(2000)}";`,
};

const gzipKb = (...files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(FILES[file]!, { level: 9 }).length, 0) / 1024;

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'spa-size-'));
  await mkdir(path.join(dist, 'assets'));
  for (const [file, code] of Object.entries(FILES)) await writeFile(path.join(dist, file), code);
  await writeFile(
    path.join(dist, 'index.html'),
    `<script>var s={"/":[],"/login":["/assets/route.js"]};</script>` +
      `<script type="module" crossorigin src="/assets/index.js"></script>`,
  );
});

afterAll(() => rm(dist, { recursive: true, force: true }));

describe('measureSpaJavaScript', () => {
  it('counts the entry, the app it boots and their static imports as initial, never the routes', async () => {
    const [initial] = await measureSpaJavaScript(dist);
    const expected = gzipKb(
      'assets/index.js',
      'assets/app.js',
      'assets/shared.js',
      'assets/polyfill.js',
    );
    expect(initial!.value).toBe(`${expected.toFixed(1)} KB (4 files)`);
  });

  it("adds a page's preloaded chunks and their static imports to its first screen", async () => {
    const rows = await measureSpaJavaScript(dist);
    const login = rows.find((row) => row.measure === 'first screen of /login');
    const all = gzipKb(...Object.keys(FILES));
    expect(login?.value).toBe(`${all.toFixed(1)} KB (6 files)`);
    expect(rows.find((row) => row.measure === 'first screen of /')?.value).toMatch(/\(4 files\)$/);
  });
});
