import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from './manifest';
import { buildOpenApiDocument } from './openapi';
import { API_PREFIX, isRedirectRoute } from './route';

/**
 * The document served at /api/openapi.json, held to Redocly's recommended rules: no error, and
 * no warning but the two kinds that describe the API as it must be.
 */
const document = buildOpenApiDocument(routes);

/** `#/paths/~1api~1auth~1google/get/responses` → ['/api/auth/google', 'get']. */
const operationAt = (pointer: string): [string, string] => {
  const [, path = '', method = ''] = pointer.split('/').slice(1);
  return [path.replaceAll('~1', '/').replaceAll('~0', '~'), method];
};

const redirectOperations = new Set(
  routes
    .filter((route) => isRedirectRoute(route))
    .map((route) => `${API_PREFIX}${route.path} ${route.method.toLowerCase()}`),
);

const isExpectedWarning = (problem: NormalizedProblem): boolean => {
  if (problem.severity !== 'warn') return false;
  // The specification fixes paths such as /companies/user/{userId} beside
  // /companies/{companyId}/usage: a literal segment and a parameter at the same place.
  if (problem.ruleId === 'no-ambiguous-paths') return true;
  // The OAuth starts and callbacks answer only redirects (their 302 is described); a 2xx would
  // be untrue.
  if (problem.ruleId === 'operation-2xx-response') {
    const [path, method] = operationAt(problem.location[0]!.pointer!);
    return redirectOperations.has(`${path} ${method}`);
  }
  return false;
};

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`;

describe("the OpenAPI document under Redocly's recommended rules", () => {
  let problems: NormalizedProblem[];

  beforeAll(async () => {
    const config = await createConfig({ extends: ['recommended'] });
    problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
  });

  it('has no error', () => {
    expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
  });

  it('has no warning but ambiguous fixed paths and redirect-only operations', () => {
    expect(problems.filter((p) => !isExpectedWarning(p)).map(describeProblem)).toEqual([]);
  });

  it('lets a redirect-only operation go without a 2xx because it describes its redirect', () => {
    expect(redirectOperations.size).toBeGreaterThan(0);
    for (const key of redirectOperations) {
      const [path, method] = key.split(' ') as [string, string];
      const responses = (
        document.paths[path]![method] as { responses: Record<string, { headers?: unknown }> }
      ).responses;
      expect(Object.keys(responses).filter((status) => /^3\d\d$/.test(status))).not.toEqual([]);
      expect(Object.values(responses).some((response) => response.headers)).toBe(true);
    }
  });
});
