import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import zones of eslint.config.js (ARCHITECTURE.md, "Layers"), proved through ESLint
 * itself: a probe file in a real folder imports a real module, as `npm run lint` would see it.
 * Each import is tried in its relative and its alias form, since the zones judge resolved paths.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;

/**
 * The boundary messages ESLint reports for `code` written in `file` (a path from the repo root).
 * An import the resolver cannot follow is never judged by the zones, so the probe fails instead:
 * an "allowed" answer always means a resolved import that no zone forbids.
 */
const boundaryErrors = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  const broken = result.messages.filter(
    (message) => message.fatal || message.ruleId === 'import-x/no-unresolved',
  );
  if (broken.length) throw new Error(`The probe in ${file} is broken: ${broken[0]?.message}`);
  return result.messages
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.message);
};

const importOf = (specifier: string) => `import * as probe from '${specifier}';\nvoid probe;\n`;

describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({
      cwd: ROOT,
      overrideConfig: {
        files: ['{web,functions,shared,infra,scripts,test}/**/*.{ts,tsx}'],
        rules: { 'import-x/no-unresolved': 'error' },
      },
    });
  });

  describe('web', () => {
    const featureProbe = 'web/src/features/dashboard/lint-probe.tsx';

    it.each(['../auth/login-page', '#web/features/auth/login-page'])(
      'reports a feature importing another feature (%s)',
      async (specifier) => {
        expect(await boundaryErrors(featureProbe, importOf(specifier))).toEqual([
          expect.stringContaining('A feature never imports another feature'),
        ]);
      },
    );

    it('reports a feature loading another feature lazily', async () => {
      const code = "export const load = () => import('#web/features/companies/companies-page');\n";
      expect(await boundaryErrors(featureProbe, code)).toEqual([
        expect.stringContaining('A feature never imports another feature'),
      ]);
    });

    it('reports a feature importing the app', async () => {
      expect(await boundaryErrors(featureProbe, importOf('#web/app/router'))).toEqual([
        expect.stringContaining('A feature never imports web/src/app'),
      ]);
    });

    it.each([
      ['web/src/components/lint-probe.tsx', '../features/auth/login-page'],
      ['web/src/components/lint-probe.tsx', '#web/app/router'],
      ['web/src/lib/lint-probe.ts', '#web/features/companies/companies-page'],
      ['web/src/lib/lint-probe.ts', '../app/router'],
    ])('reports %s importing %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([
        expect.stringContaining('web/src/components and web/src/lib sit below'),
      ]);
    });

    it.each([
      ['#functions/core/errors', 'web never imports functions'],
      ['../../../../functions/core/errors', 'web never imports functions'],
      ['#infra/constructs/paths', 'infra is never imported'],
    ])('reports the web app importing %s', async (specifier, rule) => {
      expect(await boundaryErrors(featureProbe, importOf(specifier))).toEqual([
        expect.stringContaining(rule),
      ]);
    });

    it('judges type-only imports alike', async () => {
      const code =
        "import type { DomainError } from '#functions/core/errors';\nexport type E = DomainError;\n";
      expect(await boundaryErrors('web/src/lib/lint-probe.ts', code)).toEqual([
        expect.stringContaining('web never imports functions'),
      ]);
    });

    it.each([
      './dashboard-page',
      '#web/components/button',
      '../../components/button',
      '#web/lib/format',
      '#web/test/fixtures',
      '#shared/contract/errors',
    ])('lets a feature import %s', async (specifier) => {
      expect(await boundaryErrors(featureProbe, importOf(specifier))).toEqual([]);
    });

    it.each([
      ['web/src/app/lint-probe.tsx', '#web/features/auth/login-page'],
      ['web/src/components/lint-probe.tsx', '#web/lib/format'],
      ['web/src/lib/lint-probe.ts', '#shared/contract/errors'],
    ])('lets %s import %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([]);
    });
  });

  describe('functions', () => {
    it.each([
      ['functions/core/lint-probe.ts', '../companies/handler'],
      ['functions/core/lint-probe.ts', '#functions/companies/company-cleanup'],
      ['functions/core/http/lint-probe.ts', '#functions/jobs/sweeper/handler'],
      ['functions/core/lint-probe.ts', '../catalogue'],
      ['functions/core/lint-probe.ts', '#functions/domain/plans/entitlement'],
      ['functions/core/db/lint-probe.ts', '../../domain/publishing/slotting'],
      ['functions/core/lint-probe.ts', '#functions/integrations/jobs/job-starter'],
      ['functions/core/http/lint-probe.ts', '../../integrations/scheduler/provider'],
    ])('reports core (%s) importing %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([
        expect.stringContaining('functions/core is the runtime'),
      ]);
    });

    it.each([
      ['functions/integrations/ai/lint-probe.ts', '../../ai/handler'],
      ['functions/integrations/ai/lint-probe.ts', '#functions/ai/handler'],
      ['functions/integrations/ai/lint-probe.ts', '#functions/companies/companies'],
      ['functions/integrations/jobs/lint-probe.ts', '#functions/jobs/company-cleanup/handler'],
      ['functions/integrations/ai/lint-probe.ts', '#functions/domain/companies/drafter-company'],
      ['functions/integrations/jobs/lint-probe.ts', '../../domain/publishing/slotting'],
    ])('reports an integration (%s) importing %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([
        expect.stringContaining('functions/integrations reaches outside systems'),
      ]);
    });

    it.each([
      ['functions/domain/plans/lint-probe.ts', '#functions/companies/companies'],
      ['functions/domain/plans/lint-probe.ts', '../../content/review'],
      ['functions/domain/publishing/lint-probe.ts', '#functions/jobs/publisher/publish-post'],
      ['functions/domain/lint-probe.ts', '../catalogue'],
    ])('reports the domain (%s) importing %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([
        expect.stringContaining('functions/domain holds the rules'),
      ]);
    });

    it.each([
      '../users/handler',
      '#functions/users/handler',
      '#functions/users/profile',
      '#functions/jobs/sweeper/handler',
      '#functions/catalogue',
    ])('reports a group importing %s', async (specifier) => {
      expect(
        await boundaryErrors('functions/companies/lint-probe.ts', importOf(specifier)),
      ).toEqual([expect.stringContaining('An endpoint group never imports another group')]);
    });

    it("keeps auth's recorded debt to users' modules from covering users' handler", async () => {
      expect(
        await boundaryErrors('functions/auth/lint-probe.ts', importOf('../users/handler')),
      ).toEqual([expect.stringContaining('An endpoint group never imports another group')]);
    });

    it.each([
      ['functions/jobs/sweeper/lint-probe.ts', '#functions/companies/handler'],
      ['functions/jobs/sweeper/lint-probe.ts', '../../companies/handler'],
      ['functions/jobs/sweeper/lint-probe.ts', '../company-cleanup/handler'],
    ])('reports a job (%s) importing a handler: %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([
        expect.stringContaining('A job may use a group'),
      ]);
    });

    it.each([
      ['#web/lib/format', 'functions never imports web'],
      ['#infra/constructs/paths', 'infra is never imported'],
      ['../../infra/constructs/paths', 'infra is never imported'],
    ])('reports a function importing %s', async (specifier, rule) => {
      expect(
        await boundaryErrors('functions/companies/lint-probe.ts', importOf(specifier)),
      ).toEqual([expect.stringContaining(rule)]);
    });

    it.each([
      ['functions/companies/lint-probe.ts', './companies'],
      ['functions/companies/lint-probe.ts', '../core/errors'],
      ['functions/companies/lint-probe.ts', '#functions/integrations/jobs/job-starter'],
      ['functions/companies/lint-probe.ts', '#shared/contract/errors'],
      ['functions/companies/lint-probe.ts', '#functions/domain/plans/entitlement'],
      ['functions/companies/lint-probe.ts', '../domain/ownership/owned-company'],
      ['functions/domain/publishing/lint-probe.ts', '#functions/integrations/scheduler/provider'],
      ['functions/domain/plans/lint-probe.ts', '../../core/errors'],
      ['functions/domain/plans/lint-probe.ts', '../companies/company-time-zone'],
      ['functions/integrations/jobs/lint-probe.ts', '#functions/core/errors'],
      ['functions/jobs/sweeper/lint-probe.ts', '#functions/domain/publishing/slotting'],
      ['functions/jobs/sweeper/lint-probe.ts', '#functions/companies/company-cleanup'],
      ['functions/jobs/sweeper/lint-probe.ts', './handler'],
      ['functions/jobs/sweeper/lint-probe.ts', '#functions/core/errors'],
    ])('lets %s import %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([]);
    });
  });

  describe('shared and infra', () => {
    it.each([
      ['#functions/core/errors', 'shared imports nothing from functions or web'],
      ['../../web/src/lib/format', 'shared imports nothing from functions or web'],
      ['#infra/constructs/paths', 'infra is never imported'],
    ])('reports shared importing %s', async (specifier, rule) => {
      expect(await boundaryErrors('shared/contract/lint-probe.ts', importOf(specifier))).toEqual([
        expect.stringContaining(rule),
      ]);
    });

    it.each([
      ['infra/constructs/lint-probe.ts', '#infra/stacks/jobs-stack'],
      ['infra/constructs/lint-probe.ts', '../stacks/sailpost-app'],
      ['infra/sandbox/lint-probe.ts', '#infra/stacks/api-stack'],
    ])('reports %s importing a stack: %s', async (file, specifier) => {
      expect(await boundaryErrors(file, importOf(specifier))).toEqual([
        expect.stringContaining('infra/constructs and infra/sandbox never import a stack'),
      ]);
    });

    it.each(['#functions/catalogue', '#functions/companies/handler', '#shared/contract/errors'])(
      'lets infra import %s',
      async (specifier) => {
        expect(await boundaryErrors('infra/stacks/lint-probe.ts', importOf(specifier))).toEqual([]);
      },
    );
  });

  describe('cycles (import-x/no-cycle)', () => {
    /** The no-cycle messages for `code` standing in for the real file `file`. */
    const cycleErrors = async (file: string, code: string): Promise<string[]> => {
      const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
      return (result?.messages ?? [])
        .filter((message) => message.ruleId === 'import-x/no-cycle')
        .map((message) => message.message);
    };

    it('reports a module importing one that imports it back', async () => {
      // events.ts imports events-api.ts: the API importing the service's module closes a circle.
      const code = "import { startEvents } from './events';\nvoid startEvents;\n";
      expect(await cycleErrors('infra/sandbox/events-api.ts', code)).toEqual([
        expect.stringContaining('Dependency cycle'),
      ]);
    });

    it('reports a longer circle through the layers', async () => {
      // slotting imports the daily counter's company helpers; a helper importing slotting back.
      const code =
        "import { slotPost } from '#functions/domain/publishing/slotting';\nvoid slotPost;\n";
      expect(await cycleErrors('functions/core/db/transaction.ts', code)).toEqual([
        expect.stringContaining('Dependency cycle'),
      ]);
    });

    it('lets the service import its shape', async () => {
      const code = "import type { Events } from './events-service';\nexport type E = Events;\n";
      expect(await cycleErrors('infra/sandbox/events-api.ts', code)).toEqual([]);
    });
  });
});
