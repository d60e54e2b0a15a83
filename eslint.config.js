import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/** The sub-folders of a folder (the features of the web app, the groups and jobs of functions). */
const foldersIn = (folder) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const FEATURES = foldersIn('web/src/features');
/** The layers of functions/ below the endpoint groups and jobs, top to bottom. */
const LAYERS = ['domain', 'integrations', 'core'];
/** Every other folder of functions/, but jobs, is an endpoint group. */
const GROUPS = foldersIn('functions').filter((name) => ![...LAYERS, 'jobs'].includes(name));
const JOBS = foldersIn('functions/jobs');

/**
 * The rooms and doors (ARCHITECTURE.md): every arrow of the import graph points down.
 *
 *   web/src/app → web/src/features/<f> → web/src/{components,lib} → shared
 *   functions/jobs/<j> → functions/<group> → functions/domain → functions/integrations
 *     → functions/core → shared
 *   infra → functions, shared
 *
 * The zones are checked on resolved paths, so a relative import and its `#web/…` or
 * `#functions/…` alias are judged alike. Folders are read when ESLint starts: a new feature,
 * group or job gets its zone without an edit here.
 */
const IMPORT_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to web/src/lib or web/src/components.',
  })),
  {
    target: 'web/src/features',
    from: 'web/src/app',
    message:
      'A feature never imports web/src/app (the router and layout sit above the features): move what it needs to web/src/lib or web/src/components.',
  },
  {
    target: ['web/src/components', 'web/src/lib'],
    from: ['web/src/features', 'web/src/app'],
    message:
      'web/src/components and web/src/lib sit below the features and the app and never import them: take what is needed as a prop or an argument, or move it down.',
  },
  {
    target: 'functions/core',
    from: 'functions',
    except: ['./core'],
    message:
      'functions/core is the runtime (http, db, jobs, config, errors, logging) and imports nothing above it: business rules belong in functions/domain, outside systems in functions/integrations.',
  },
  {
    target: 'functions/integrations',
    from: 'functions',
    except: ['./integrations', './core'],
    message:
      'functions/integrations reaches outside systems on top of functions/core only: it never imports functions/domain, an endpoint group, a job or the catalogue.',
  },
  {
    target: 'functions/domain',
    from: 'functions',
    except: ['./domain', './integrations', './core'],
    message:
      'functions/domain holds the rules every group and job shares, on top of functions/integrations and functions/core: it never imports an endpoint group, a job or the catalogue.',
  },
  ...GROUPS.map((group) => ({
    target: `functions/${group}`,
    from: 'functions',
    except: [`./${group}`, ...LAYERS.map((layer) => `./${layer}`)],
    message:
      'An endpoint group never imports another group (its handler or its modules), a job or the catalogue: move what both need to functions/domain (a rule) or functions/core (runtime).',
  })),
  ...JOBS.map((job) => ({
    target: `functions/jobs/${job}`,
    from: `${ROOT}/functions/**/handler.ts`,
    except: [`${ROOT}/functions/jobs/${job}/**`],
    message:
      "A job may use a group's domain modules but never a handler (a group's or another job's): move the logic it needs out of the handler into a domain module.",
  })),
  {
    target: ['infra/constructs', 'infra/sandbox'],
    from: 'infra/stacks',
    message:
      'infra/stacks composes the constructs into stacks: infra/constructs and infra/sandbox never import a stack (what both need lives in infra/constructs).',
  },
  {
    target: ['functions', 'web', 'shared'],
    from: 'infra',
    message:
      'infra is never imported by functions, web or shared: infra imports them, not the reverse.',
  },
  {
    target: 'functions',
    from: 'web',
    message: 'functions never imports web: what both need lives in shared.',
  },
  {
    target: 'web',
    from: 'functions',
    message: 'web never imports functions: what both need lives in shared.',
  },
  {
    target: 'shared',
    from: ['functions', 'web'],
    message: 'shared imports nothing from functions or web: both of them import shared.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'web/dist', 'cdk.out', '.sandbox', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // `import { z }` pulls every zod locale into a bundle (~450 KB); the namespace import tree-shakes.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Use `import * as z from 'zod'` so unused parts of zod are tree-shaken.",
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['{web,functions,shared,infra,scripts,test}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Rules that follow imports into other files (no-cycle) read them with TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Resolves the tsconfig `paths` aliases (#shared/…, #functions/…, #web/…) like tsc does.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: IMPORT_ZONES }],
      // A circle of imports has no bottom: neither side can be understood, tested or loaded alone.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
