import { describe, expect, it } from 'vitest';
import { routes } from '../shared/contract/manifest';
import { ENDPOINT_GROUPS, routeKeyOf } from '../shared/contract/route';

/**
 * The manifest and the handlers must agree: every entry has a handler in its group's Lambda, and
 * no handler serves a route the manifest does not declare. (CDK is checked in test/infra.)
 */
describe('contract ↔ handlers', () => {
  it.each(ENDPOINT_GROUPS)('the %s group serves exactly its manifest routes', async (group) => {
    const module = (await import(`./${group}/handler.ts`)) as { handler: { routeKeys: string[] } };
    const expected = routes
      .filter((route) => route.group === group)
      .map(routeKeyOf)
      .sort();
    expect([...module.handler.routeKeys].sort()).toEqual(expected);
  });

  it('has no duplicate route keys', () => {
    const keys = routes.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
