import { describe, expect, it } from 'vitest';
import { call, checkAgainstContract, ContractMismatch } from './http';

/** The check every API test call goes through must catch what the contract does not declare. */
describe('the contract check of API calls', () => {
  const result = (status: number, body: unknown) => ({ status, body, headers: new Headers() });
  const check = (method: string, path: string, status: number, body: unknown) => () =>
    checkAgainstContract(method, path, result(status, body));

  it('accepts a declared success and a declared error', () => {
    expect(check('GET', '/users/count/total', 200, { total: 3 })).not.toThrow();
    expect(
      check('POST', '/auth/login?x=1', 401, {
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
        error: 'Unauthorized',
      }),
    ).not.toThrow();
  });

  it('refuses a success body or status the route does not declare', () => {
    expect(check('GET', '/users/count/total', 200, { total: '3' })).toThrow(ContractMismatch);
    expect(check('GET', '/users/count/total', 201, { total: 3 })).toThrow(/contract says 200/);
  });

  it('refuses an error without a code, with a code the route does not declare, or with another status', () => {
    const body = { statusCode: 404, message: 'Company not found', error: 'Not Found' };
    expect(check('GET', '/companies/c-1', 404, body)).toThrow(/without an error body/);
    expect(check('GET', '/companies/c-1', 404, { ...body, code: 'USER_NOT_FOUND' })).toThrow(
      /USER_NOT_FOUND, which the route does not declare/,
    );
    expect(check('GET', '/companies/c-1', 400, { ...body, code: 'COMPANY_NOT_FOUND' })).toThrow(
      /the code's status is 404/,
    );
  });

  it('refuses a path outside the contract unless the call says so', async () => {
    expect(check('GET', '/no/such/route', 404, {})).toThrow(/no route of the contract/);
    await expect(call('GET', '/no/such/route')).rejects.toThrow(ContractMismatch);
    expect((await call('GET', '/no/such/route', { outsideContract: true })).status).toBe(404);
  });
});
