import * as z from 'zod';
import { ERROR_CODES, ERROR_STATUS } from './errors';
import { API_PREFIX, isRedirectRoute, type RouteDefinition } from './route';
import { routeErrorCodes } from './route-errors';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const errorSchema = {
  type: 'object',
  required: ['statusCode', 'code', 'message', 'error'],
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', enum: ERROR_CODES },
    message: { type: 'string' },
    error: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/** API Gateway's own answers (before any function runs): `{"message": "Too Many Requests"}`. */
const gatewayMessageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};

const THROTTLED = "API Gateway's throttle (all clients of the stage together) refused the request";
const errorRef = { $ref: '#/components/schemas/Error' };
const gatewayMessageRef = { $ref: '#/components/schemas/GatewayMessage' };

/**
 * One error response per status the route can answer, each naming its codes. Every route can
 * also answer 429 from the stage's throttle, with API Gateway's body instead of an Error.
 */
const errorResponses = (route: RouteDefinition) => {
  const byStatus = new Map<number, string[]>();
  for (const code of routeErrorCodes(route)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Record<string, unknown>> = Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `Error: ${codes.join(', ')}`,
          'x-error-codes': codes,
          content: { 'application/json': { schema: errorRef } },
        },
      ]),
  );
  const declared = responses['429'];
  responses['429'] = declared
    ? {
        ...declared,
        description: `${String(declared.description)}; or ${THROTTLED}`,
        content: { 'application/json': { schema: { anyOf: [errorRef, gatewayMessageRef] } } },
      }
    : {
        description: `Too Many Requests: ${THROTTLED}`,
        content: { 'application/json': { schema: gatewayMessageRef } },
      };
  return responses;
};

/** The query string's parameters, from the route's query schema (an object of scalars). */
const queryParameters = (query: z.ZodType) => {
  const { properties = {}, required = [] } = jsonSchema(query, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
};

/** Builds the OpenAPI 3.1 document from the route manifest. */
export const buildOpenApiDocument = (routes: readonly RouteDefinition[], version = '1.0.0') => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `${API_PREFIX}${route.path}`;
    const parameters = [
      ...[...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...(route.query ? queryParameters(route.query) : []),
    ];
    const operation: Record<string, unknown> = {
      operationId: `${route.group}.${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+/g, '_')}`,
      tags: [route.group],
      summary: route.summary,
      parameters,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      'x-error-codes': routeErrorCodes(route),
      responses: {
        [String(route.successStatus ?? 200)]: isRedirectRoute(route)
          ? {
              description: 'Redirect: the browser goes on to the location, with no body',
              headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } },
            }
          : {
              description: 'Success',
              content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
            },
        ...errorResponses(route),
      },
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    }
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sailpost API',
      version,
      // Sailpost is not open source: the API is for its own web app and its users' accounts.
      license: { name: 'Proprietary: all rights reserved (Terms of Service)', url: '/terms' },
    },
    // The web app and its API share one origin (CloudFront, or the sandbox): the paths carry /api.
    servers: [{ url: '/', description: 'The origin that serves this document and the web app' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorSchema, GatewayMessage: gatewayMessageSchema },
    },
  };
};
