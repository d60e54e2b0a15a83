import * as z from 'zod';
import { API_PREFIX, type RouteDefinition } from './route';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

const errorSchema = {
  type: 'object',
  required: ['statusCode', 'message', 'error'],
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string' },
    error: { type: 'string' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

/** Builds the OpenAPI 3.1 document from the route manifest. */
export const buildOpenApiDocument = (routes: readonly RouteDefinition[], version = '1.0.0') => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `${API_PREFIX}${route.path}`;
    const parameters = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      operationId: `${route.group}.${route.method.toLowerCase()}${route.path.replace(/[^a-zA-Z0-9]+/g, '_')}`,
      tags: [route.group],
      summary: route.summary,
      parameters,
      security: route.access === 'public' ? [] : [{ bearer: [] }],
      responses: {
        [String(route.successStatus ?? 200)]: {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
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
