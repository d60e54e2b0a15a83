import { describe, expect, it } from 'vitest';
import { contract } from './manifest';
import { ENDPOINT_GROUPS, type RouteDefinition } from './route';

const isRoute = (value: unknown): value is RouteDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RouteDefinition).method === 'string' &&
  typeof (value as RouteDefinition).path === 'string' &&
  typeof (value as RouteDefinition).group === 'string';

/** Every route a module exports, in its route tables (`authRoutes`, …). */
const routesOf = (module: Record<string, unknown>): RouteDefinition[] =>
  Object.values(module).flatMap((value) =>
    typeof value === 'object' && value !== null ? Object.values(value).filter(isRoute) : [],
  );

describe('the contract', () => {
  it.each(ENDPOINT_GROUPS)(
    'declares the %s group in a file of its own, and nothing else there',
    async (group) => {
      const module = (await import(`./${group}.ts`)) as Record<string, unknown>;
      const declared = routesOf(module);
      expect(declared.filter((route) => route.group !== group)).toEqual([]);
      expect(declared).toEqual(Object.values(contract[group]));
    },
  );
});
