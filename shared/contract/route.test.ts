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
      'INTERNAL_ERROR',
    ]);
    expect(route({ access: 'user', query: z.object({}) })).toEqual([
      'VALIDATION_FAILED',
      'UNAUTHENTICATED',
      'SESSION_ENDED',
      'INTERNAL_ERROR',
    ]);
    expect(route({ access: 'admin' })).toContain('FORBIDDEN');
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
