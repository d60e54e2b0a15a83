import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/contract/manifest';
import { PATH_ID_OWNERS, routeKeyOf, type RouteDefinition } from '#shared/contract/route';
import { call, jobsSettled } from '../http';
import {
  ADMIN_ONLY_ROUTES,
  createStaff,
  createTenant,
  deepestOwnerOf,
  ownerDepth,
  prepareOwnerCall,
  pathFor,
  pathParamsOf,
  readEverything,
  sampleBody,
  samplePathFor,
  send,
  STAFF_ONLY_ROUTES,
  type Tenant,
} from './fixtures';

/**
 * Generated from the manifest: every route that names an id in its path is called by tenant B with
 * tenant A's ids and must answer exactly like a missing resource (404), leaving A's data (and B's)
 * as it was (the forum is shared by its members, so there A is a member and B is not: to B each
 * forum route answers as a route that does not exist); every signed-in route refuses a caller without a valid token. A route added later is
 * swept without anyone listing it; one whose path id declares no owner, or whose owner has no
 * fixture, fails here.
 */

const withPathIds = routes.filter((route) => pathParamsOf(route).length > 0);
const depthOf = (route: RouteDefinition) => ownerDepth(deepestOwnerOf(route)!);
// Deleting runs last, since its owner check really deletes A's things: what is inside something
// (a credential or a campaign of a company, a media asset of a campaign) before what holds it;
// what A has deleted is no longer read (`Tenant.gone`).
const strangerCases = [...withPathIds].sort(
  (a, b) =>
    Number(a.method === 'DELETE') - Number(b.method === 'DELETE') ||
    (a.method === 'DELETE' ? depthOf(b) - depthOf(a) : 0),
);
const signedIn = routes.filter((route) => route.access !== 'public');
const cases = (list: readonly RouteDefinition[]) =>
  list.map((route) => [routeKeyOf(route), route] as const);

const verdicts = new Map<string, string[]>();
const record = (route: RouteDefinition, verdict: string) =>
  verdicts.set(routeKeyOf(route), [...(verdicts.get(routeKeyOf(route)) ?? []), verdict]);

describe('tenant sweep', () => {
  let a: Tenant;
  let b: Tenant;
  let staff: { token: string };

  beforeAll(async () => {
    [a, b, staff] = await Promise.all([
      createTenant(),
      createTenant({ forumMember: false }),
      createStaff(),
    ]);
  });

  it.each(cases(strangerCases))(
    '%s answers another tenant 404 and changes nothing of anyone’s',
    async (_, route) => {
      const [aBefore, bBefore] = await Promise.all([readEverything(a), readEverything(b)]);
      const path = samplePathFor(route, a);
      // A's own sample where the route needs one (A's upload to confirm): B must not reach it.
      const body = route.body ? sampleBody(route, a) : undefined;

      const stranger = await call(route.method, path, { token: b.token, body });
      const notFoundCodes =
        route.access === 'forum'
          ? ['NOT_FOUND']
          : Object.values(route.owners ?? {}).map((owner) => PATH_ID_OWNERS[owner].notFound);
      expect(stranger.status, JSON.stringify(stranger.body)).toBe(404);
      expect(notFoundCodes).toContain(stranger.body.code);
      expect(await readEverything(a)).toEqual(aBefore);
      expect(await readEverything(b)).toEqual(bBefore);

      // The same call by the owner succeeds: the ids are real, so the 404 above was a refusal.
      // (A staff-only route: by staff, as the owner is refused it too.)
      await prepareOwnerCall(route, a);
      const owner = await call(route.method, path, {
        token: STAFF_ONLY_ROUTES.has(routeKeyOf(route)) ? staff.token : a.token,
        body,
      });
      expect(owner.status, JSON.stringify(owner.body)).toBe(route.successStatus ?? 200);
      // What the owner's call set off in the background (a thumbnail) must not land in the next
      // route's before-and-after.
      await jobsSettled();
      if (route.method === 'DELETE') a.gone.add(deepestOwnerOf(route)!);
      record(route, 'refuses another tenant');
    },
  );

  it.each(cases(ADMIN_ONLY_ROUTES))(
    '%s answers anyone but an admin 404, as a route that does not exist',
    async (_, route) => {
      const path = samplePathFor(route, a);
      const stranger = await call(route.method, path, { token: b.token });
      expect(stranger.status, JSON.stringify(stranger.body)).toBe(404);
      expect(stranger.body.code).toBe('NOT_FOUND');
      // Tenant A is an admin (the forum's): the same call is answered.
      const admin = await call(route.method, path, { token: a.token });
      expect(admin.status, JSON.stringify(admin.body)).toBe(route.successStatus ?? 200);
      record(route, 'hidden from anyone but an admin');
    },
  );

  it.each(cases(signedIn))('%s answers 401 without a valid token', async (_, route) => {
    const path = pathFor(route, a);
    for (const authorization of [undefined, 'Bearer garbage', 'Bearer a.b.c', 'Basic YTpi']) {
      const result = await send(route.method, path, {
        ...(authorization ? { headers: { authorization } } : {}),
      });
      expect(result.status, `${authorization}: ${JSON.stringify(result.body)}`).toBe(401);
      expect(['UNAUTHENTICATED', 'SESSION_ENDED']).toContain(result.body.code);
    }
    record(route, 'refuses a caller without a token');
  });

  afterAll(() => {
    const publicWithoutIds = routes.filter(
      (route) => route.access === 'public' && pathParamsOf(route).length === 0,
    );
    for (const route of publicWithoutIds) record(route, 'public, names no one’s ids');
    console.log(
      `tenant sweep: ${verdicts.size} of ${routes.length} routes — ${withPathIds.length} with ` +
        `path ids refused another tenant, ${signedIn.length} signed-in refused without a token, ` +
        `${publicWithoutIds.length} public without ids`,
    );
  });

  it('visited every route of the manifest', () => {
    // Runs after the generated cases (tests of a file run in order); a route that failed or was
    // never generated is missing here.
    const expected = routes.filter(
      (route) => route.access !== 'public' || pathParamsOf(route).length > 0,
    );
    const unvisited = expected.filter((route) => !verdicts.has(routeKeyOf(route)));
    expect(unvisited.map(routeKeyOf)).toEqual([]);
    for (const route of withPathIds) {
      expect(verdicts.get(routeKeyOf(route))).toContain('refuses another tenant');
    }
  });
});
