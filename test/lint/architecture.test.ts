import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md stays true to the tree: every path it names exists, and every room of the tree
 * (a folder of functions/, web/src/features/ or infra/) is named in it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const text = readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');

const TOP_FOLDERS = ['functions', 'web', 'infra', 'shared', 'test', 'scripts'];

/** Every `code` span that reads as a path of the repository; placeholders (`<group>`) cut it short. */
const namedPaths = (): string[] => {
  const paths = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = span!.split('<')[0]!.replace(/[,.;:]+$/, '');
    if (
      TOP_FOLDERS.some((top) => candidate.startsWith(`${top}/`)) ||
      /\.(ts|js|md)$/.test(candidate)
    ) {
      if (candidate.includes('/') || candidate.endsWith('.md')) paths.add(candidate);
    }
  }
  return [...paths];
};

const foldersIn = (folder: string) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('ARCHITECTURE.md', () => {
  it('names only paths that exist', () => {
    const paths = namedPaths();
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((named) => !existsSync(path.join(ROOT, named)))).toEqual([]);
  });

  it.each([
    ['functions', (name: string) => [`functions/${name}/`, `\`${name}\``]],
    ['web/src/features', (name: string) => [`\`${name}\``]],
    ['infra', (name: string) => [`infra/${name}/`]],
  ] as const)('names every folder of %s', (folder, mentions) => {
    const unnamed = foldersIn(folder).filter(
      (name) => !mentions(name).some((mention) => text.includes(mention)),
    );
    expect(unnamed).toEqual([]);
  });
});
