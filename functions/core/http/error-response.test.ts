import { beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#shared/contract/errors';
import { Conflict, Invalid, NotFound, RateLimited, Unavailable } from '../errors';
import { logger } from '../logger';
import { errorResponse } from './error-response';

const answer = (error: unknown) => {
  const result = errorResponse(error);
  return { ...result, body: errorBodySchema.parse(JSON.parse(result.body as string)) };
};

describe('errorResponse', () => {
  beforeAll(() => logger.setLogLevel('SILENT'));

  it('answers a domain error with the status of its code, the code, the message and the reason', () => {
    expect(answer(new NotFound('COMPANY_NOT_FOUND', 'Company not found'))).toMatchObject({
      statusCode: 404,
      body: {
        statusCode: 404,
        code: 'COMPANY_NOT_FOUND',
        message: 'Company not found',
        error: 'Not Found',
      },
    });
    // The code decides the status, not the kind: a limit is a 403 here.
    expect(answer(new Conflict('COMPANY_LIMIT_REACHED', 'Upgrade')).statusCode).toBe(403);
    expect(answer(new Unavailable('SERVICE_UNAVAILABLE', 'Try later')).body.error).toBe(
      'Service Unavailable',
    );
  });

  it('lists field messages when the error has them', () => {
    const { body } = answer(
      new Invalid('VALIDATION_FAILED', 'Email is required', { email: 'Email is required' }),
    );
    expect(body).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'Email is required',
      error: 'Bad Request',
      fields: { email: 'Email is required' },
    });
  });

  it('tells a rate-limited caller when to come back, in whole seconds', () => {
    const result = answer(new RateLimited('LOGIN_THROTTLED', 'Too many failed logins', 89.2));
    expect(result.statusCode).toBe(429);
    expect(result.headers).toMatchObject({ 'retry-after': '90' });
    expect(answer(new RateLimited('PHONE_CODE_COOLDOWN', 'Wait', 0)).headers).toMatchObject({
      'retry-after': '1',
    });
  });

  it('answers anything else with a bare 500 that tells nothing', () => {
    const result = answer(new Error('connect ECONNREFUSED 10.0.0.1:443 (secret detail)'));
    expect(result.statusCode).toBe(500);
    expect(result.body).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal server error',
      error: 'Internal Server Error',
    });
  });
});
