import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors';
import { routes } from './manifest';
import { buildOpenApiDocument } from './openapi';

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument(routes);
  type Operation = {
    'x-error-codes': string[];
    parameters: { name: string; in: string; required: boolean }[];
    responses: Record<string, { description: string; 'x-error-codes'?: string[] }>;
  };
  const operation = (path: string, method: string) =>
    document.paths[`/api${path}`]![method] as Operation;

  it('lists the codes each route can answer, per status', () => {
    const login = operation('/auth/login', 'post');
    expect(login['x-error-codes']).toEqual([
      'INVALID_CREDENTIALS',
      'LOGIN_THROTTLED',
      'VALIDATION_FAILED',
      'MALFORMED_JSON',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
      'INTERNAL_ERROR',
    ]);
    expect(login.responses['401']).toMatchObject({
      description: 'Error: INVALID_CREDENTIALS',
      'x-error-codes': ['INVALID_CREDENTIALS'],
    });
    expect(login.responses['400']!['x-error-codes']).toEqual([
      'VALIDATION_FAILED',
      'MALFORMED_JSON',
    ]);
    expect(login.responses['429']!['x-error-codes']).toEqual(['LOGIN_THROTTLED']);
    expect(operation('/companies/{id}', 'get').responses['401']!['x-error-codes']).toEqual([
      'UNAUTHENTICATED',
      'SESSION_ENDED',
    ]);
  });

  it('describes an OAuth callback as a redirect with a location and no body', () => {
    const callback = operation('/platforms/twitter/callback', 'get');
    expect(callback.responses['302']).toEqual({
      description: 'Redirect: the browser goes on to the location, with no body',
      headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } },
    });
  });

  it("answers 429 on every operation: API Gateway's throttle, with its own body", () => {
    const config = operation('/config', 'get');
    expect(config.responses['429']).toEqual({
      description:
        "Too Many Requests: API Gateway's throttle (all clients of the stage together) refused the request",
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/GatewayMessage' } },
      },
    });
    // Beside a route's own 429 codes, either body.
    expect(operation('/auth/login', 'post').responses['429']).toMatchObject({
      description:
        "Error: LOGIN_THROTTLED; or API Gateway's throttle (all clients of the stage together) refused the request",
      content: {
        'application/json': {
          schema: {
            anyOf: [
              { $ref: '#/components/schemas/Error' },
              { $ref: '#/components/schemas/GatewayMessage' },
            ],
          },
        },
      },
    });
    for (const methods of Object.values(document.paths)) {
      for (const op of Object.values(methods)) {
        expect(Object.keys((op as Operation).responses)).toContain('429');
      }
    }
  });

  it('names its server (the origin of the web app) and its license', () => {
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(document.info.license).toEqual({ name: expect.any(String), url: '/terms' });
  });

  it('describes the error body with its code as one of the known codes', () => {
    expect(document.components.schemas.Error).toMatchObject({
      required: ['statusCode', 'code', 'message', 'error'],
      properties: { code: { type: 'string', enum: ERROR_CODES } },
    });
  });

  it('names path and query parameters', () => {
    const campaigns = operation('/campaigns/company/{companyId}', 'get');
    expect(campaigns.parameters.map(({ name, in: where }) => `${where}:${name}`)).toEqual([
      'path:companyId',
      'query:skip',
      'query:limit',
      'query:cursor',
      'query:status',
    ]);
  });
});
