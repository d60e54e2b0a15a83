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

/** One error response per status the route can answer, each naming its codes. */
const errorResponses = (route: RouteDefinition) => {
  const byStatus = new Map<number, string[]>();
  for (const code of routeErrorCodes(route)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `Error: ${codes.join(', ')}`,
          'x-error-codes': codes,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      ]),
  );
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
    info: { title: 'Sailpost API', version },
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorSchema },
    },
  };
};
