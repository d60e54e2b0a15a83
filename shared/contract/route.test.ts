import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { defineRoute, fillPath, type ParamsOf } from './route';
import { routeErrorCodes } from './route-errors';

describe('path parameters', () => {
  it('are typed from the template', () => {
    expectTypeOf<ParamsOf<'/companies/{companyId}/campaigns/{campaignId}'>>().toEqualTypeOf<{
      companyId: string;
      campaignId: string;
    }>();
    expectTypeOf<ParamsOf<'/users/count/total'>>().toEqualTypeOf<Record<never, never>>();
  });

  it('are filled in, encoded, and required exactly when the template has them', () => {
    expect(fillPath('/companies/{companyId}/x', { companyId: 'a b/c' })).toBe(
      '/companies/a%20b%2Fc/x',
    );
    expect(fillPath('/users/count/total')).toBe('/users/count/total');
    // @ts-expect-error: the template has {companyId}
    expect(() => fillPath('/companies/{companyId}')).toThrow(
      'Missing path parameter "companyId" for /companies/{companyId}',
    );
    // @ts-expect-error: {id} is not {companyId}
    expect(() => fillPath('/companies/{companyId}', { id: 'x' })).toThrow();
  });

  it('each declare their owner, so no route can forget how a stranger is refused', () => {
    const base = {
      method: 'GET',
      group: 'companies',
      access: 'user',
      summary: 'x',
      response: z.object({}),
      errors: [],
    } as const;
    const owned = defineRoute({
      ...base,
      path: '/companies/{companyId}',
      owners: { companyId: 'company' },
    });
    // @ts-expect-error: {companyId} has no owner
    defineRoute({ ...base, path: '/companies/{companyId}' });
    // @ts-expect-error: {campaignId} has no owner
    defineRoute({ ...base, path: '/c/{companyId}/{campaignId}', owners: { companyId: 'company' } });
    // @ts-expect-error: 'anyone' is no owner
    defineRoute({ ...base, path: '/companies/{companyId}', owners: { companyId: 'anyone' } });
    // @ts-expect-error: a path without ids has nothing to own
    defineRoute({ ...base, path: '/companies', owners: { id: 'company' } });
    // The declaration reaches the runtime, where the path-id check and the tenant sweep read it.
    expect(owned.owners).toEqual({ companyId: 'company' });
  });
});

describe('routeErrorCodes', () => {
  const route = (overrides: Partial<Parameters<typeof routeErrorCodes>[0]>) =>
    routeErrorCodes({ access: 'public', errors: [], ...overrides });

  it('adds to the declared codes what follows from the route', () => {
    expect(route({})).toEqual(['INTERNAL_ERROR']);
    expect(route({ errors: ['INVALID_CREDENTIALS'], body: z.object({}) })).toEqual([
      'INVALID_CREDENTIALS',
      'VALIDATION_FAILED',
      'MALFORMED_JSON',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'INTERNAL_ERROR',
    ]);
    expect(route({ access: 'user', query: z.object({}) })).toEqual([
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'SESSION_ENDED',
      'INTERNAL_ERROR',
    ]);
    expect(route({ access: 'user', owners: { id: 'company' } })).toContain('COMPANY_NOT_FOUND');
    expect(route({ access: 'staff' })).toContain('FORBIDDEN');
    // An admin route is hidden from everyone else, as the forum is from non-members.
    expect(route({ access: 'admin' })).toContain('NOT_FOUND');
    expect(route({ access: 'admin' })).not.toContain('FORBIDDEN');
    expect(route({ access: 'user' })).not.toContain('FORBIDDEN');
  });

  it('is what defineRoute declares', () => {
    const login = defineRoute({
      method: 'POST',
      path: '/auth/login',
      group: 'auth',
      access: 'public',
      summary: 'Sign in',
      body: z.object({}),
      response: z.object({}),
      errors: ['INVALID_CREDENTIALS', 'LOGIN_THROTTLED'],
    });
    expect(routeErrorCodes(login)).toContain('LOGIN_THROTTLED');
  });
});
