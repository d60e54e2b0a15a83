import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGETS } from './budgets';
import { infoRow, judgedRow, type Row } from './table';

const SECTION = 'SPA JavaScript (gzip -9)';
/** The pages whose first screen the Lighthouse budget covers. */
const PAGES = ['/', '/login', '/dashboard'];

/**
 * The files a chunk loads before it runs: its static `import … from "./x.js"`, `import "./x.js"`
 * and `export … from "./x.js"` (Vite's output is ES modules). Dynamic `import("./x.js")` is what
 * a route loads later and is not followed.
 */
const staticImportsOf = (code: string): string[] =>
  [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    (match) => match[1]!,
  );

/**
 * What the entry itself imports dynamically: it boots the app that way once the prerendered page
 * has painted (web/src/main.tsx), so that code is initial too, only requested a frame later. The
 * routes the app loads lazily are dynamic imports of those chunks, not of the entry.
 */
const dynamicImportsOf = (code: string): string[] =>
  [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g)].map((match) => match[1]!);

/** `file` and everything it imports statically, as paths inside web/dist. */
const closureOf = async (dist: string, files: readonly string[]): Promise<Set<string>> => {
  const seen = new Set<string>();
  const visit = async (file: string): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = await readFile(path.join(dist, file), 'utf8');
    for (const imported of staticImportsOf(code)) {
      await visit(path.posix.join(path.posix.dirname(file), imported));
    }
  };
  for (const file of files) await visit(file);
  return seen;
};

const gzipKb = async (dist: string, files: Iterable<string>): Promise<number> => {
  let bytes = 0;
  for (const file of files) {
    bytes += gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
  }
  return bytes / 1024;
};

/**
 * The per-page preload lists that index.html carries for its first screens (web/build/first-paint
 * writes them as `"/login":["/assets/…js", …]`); empty when there are none.
 */
const firstScreenFiles = (html: string): Map<string, string[]> =>
  new Map(
    [...html.matchAll(/"(\/[^"]*)":\[((?:"[^"]+\.js",?)*)\]/g)].map((match) => [
      match[1]!,
      [...match[2]!.matchAll(/"\/?([^"]+\.js)"/g)].map((file) => file[1]!),
    ]),
  );

/**
 * The initial JavaScript: the entry script of web/dist/index.html, what it boots and their static
 * imports, which every page waits for. Beside it, for information, what each measured page loads for its first
 * screen (the initial JavaScript plus the page's preloaded chunks and their static imports).
 */
export const measureSpaJavaScript = async (dist: string): Promise<Row[]> => {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  if (entries.length === 0) throw new Error('No module script in web/dist/index.html');
  const booted = await Promise.all(
    entries.map(async (entry) =>
      dynamicImportsOf(await readFile(path.join(dist, entry), 'utf8')).map((file) =>
        path.posix.join(path.posix.dirname(entry), file),
      ),
    ),
  );
  const initial = await closureOf(dist, [...entries, ...booted.flat()]);
  const rows = [
    judgedRow(
      SECTION,
      'initial (entry, the app it boots, static imports)',
      await gzipKb(dist, initial),
      BUDGETS.initialJsGzipKb,
      (kb) => `${kb.toFixed(1)} KB`,
      `(${initial.size} files)`,
    ),
  ];
  const screens = firstScreenFiles(html);
  for (const page of PAGES) {
    const preloaded = screens.get(page);
    if (!preloaded) continue;
    const files = await closureOf(dist, [...initial, ...preloaded]);
    rows.push(
      infoRow(
        SECTION,
        `first screen of ${page}`,
        `${(await gzipKb(dist, files)).toFixed(1)} KB (${files.size} files)`,
      ),
    );
  }
  return rows;
};
