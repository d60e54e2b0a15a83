import { fileURLToPath } from 'node:url';

/**
 * The import aliases, for Vite and Vitest (TypeScript, tsx and esbuild read the same mapping from
 * tsconfig.json's `paths`). `#shared/contract/route` instead of `../../../../shared/contract/route`.
 */
const at = (dir: string) => fileURLToPath(new URL(`./${dir}/`, import.meta.url));

export const IMPORT_ALIASES = [
  { find: /^#shared\//, replacement: at('shared') },
  { find: /^#functions\//, replacement: at('functions') },
  { find: /^#infra\//, replacement: at('infra') },
  { find: /^#web\//, replacement: at('web/src') },
  { find: /^#test\//, replacement: at('test') },
];
