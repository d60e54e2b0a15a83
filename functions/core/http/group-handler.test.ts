import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defineRoute } from '#shared/contract/route';
import { withEnvironment } from '../environment';
import { Conflict, NotFound } from '../errors';
import { logger } from '../logger';
import { createGroupHandler } from './group-handler';

const routes = {
  echo: defineRoute({
    method: 'POST',
    path: '/things/{thingId}/echo',
    group: 'meta',
    access: 'public',
    summary: 'Echo',
    body: z.object({ word: z.string({ error: 'Word is required' }) }),
    response: z.object({ thingId: z.string(), word: z.string() }),
    errors: [],
  }),
  refuse: defineRoute({
    method: 'DELETE',
    path: '/things/{thingId}',
    group: 'meta',
    access: 'public',
    summary: 'Refuses',
    response: z.object({}),
    errors: ['COMPANY_NOT_FOUND'],
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/mine',
    group: 'meta',
    access: 'user',
    summary: 'Signed in only',
    response: z.object({ ok: z.boolean() }),
    errors: [],
  }),
};

const handler = createGroupHandler(routes, {
  // `params` is typed from the template: `thingId` needs no assertion.
  echo: async ({ params, body }) => ({ thingId: params.thingId, word: body.word }),
  refuse: async ({ params }) => {
    if (params.thingId === 'missing') throw new NotFound('COMPANY_NOT_FOUND', 'Company not found');
    throw new Conflict('EMAIL_TAKEN', 'Taken');
  },
  mine: async () => ({ ok: true }),
});

/** A fresh Lambda context per invocation, as Lambda gives. */
const contextFor = () =>
  ({
    functionName: 'test',
    awsRequestId: 'request-1',
    getRemainingTimeInMillis: () => 10_000,
  }) as Partial<Context> as Parameters<typeof handler>[1];

const invoke = async (routeKey: string, request: Partial<APIGatewayProxyEventV2> = {}) => {
  const event = {
    routeKey,
    headers: {},
    requestContext: { requestId: 'request-1' },
    isBase64Encoded: false,
    ...request,
  } as APIGatewayProxyEventV2;
  // No table, no token key: a public route must not need them.
  const result = await withEnvironment({}, () => handler(event, contextFor()));
  return { status: result.statusCode, body: JSON.parse(result.body as string) };
};

describe('createGroupHandler', () => {
  beforeAll(() => logger.setLogLevel('SILENT'));

  it('answers a public route in a function that has neither a table nor a token key', async () => {
    const result = await invoke('POST /api/things/{thingId}/echo', {
      pathParameters: { thingId: 't-1' },
      body: JSON.stringify({ word: 'hello' }),
    });
    expect(result).toEqual({ status: 200, body: { thingId: 't-1', word: 'hello' } });
  });

  it('answers malformed JSON with MALFORMED_JSON and an invalid body with VALIDATION_FAILED', async () => {
    const malformed = await invoke('POST /api/things/{thingId}/echo', {
      pathParameters: { thingId: 't-1' },
      body: '{"word": ',
    });
    expect(malformed).toMatchObject({
      status: 400,
      body: { code: 'MALFORMED_JSON', message: 'Malformed JSON in request body' },
    });
    const invalid = await invoke('POST /api/things/{thingId}/echo', {
      pathParameters: { thingId: 't-1' },
      body: '{}',
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', fields: { word: 'Word is required' } },
    });
  });

  it('refuses a signed-in route without a token, and an unknown route as NOT_FOUND', async () => {
    expect(await invoke('GET /api/mine')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Authentication required', error: 'Unauthorized' },
    });
    expect(await invoke('GET /api/elsewhere')).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not Found' },
    });
  });

  it('maps domain errors once, and logs a code the route does not declare', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(
      await invoke('DELETE /api/things/{thingId}', { pathParameters: { thingId: 'missing' } }),
    ).toMatchObject({ status: 404, body: { code: 'COMPANY_NOT_FOUND', error: 'Not Found' } });
    expect(warn).not.toHaveBeenCalled();
    expect(
      await invoke('DELETE /api/things/{thingId}', { pathParameters: { thingId: 'other' } }),
    ).toMatchObject({ status: 409, body: { code: 'EMAIL_TAKEN', message: 'Taken' } });
    expect(warn).toHaveBeenCalledWith('Error code not declared by the route', {
      code: 'EMAIL_TAKEN',
    });
  });
});
