import type { z } from 'zod';
import type { ErrorCode } from './errors';

/** Every API path is served under this prefix: CloudFront forwards `/api/*` to the HTTP API. */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint. `user` means any signed-in account. */
export type Access = 'public' | 'user' | 'staff' | 'admin';

/** One Lambda per group; the CDK stack and the sandbox gateway both read this list. */
export const ENDPOINT_GROUPS = [
  'auth',
  'users',
  'companies',
  'platforms',
  'campaigns',
  'ai',
  'meta',
] as const;
export type EndpointGroup = (typeof ENDPOINT_GROUPS)[number];

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** The path clients call, without the `/api` prefix; parameters as `{name}`. */
  readonly path: string;
  readonly group: EndpointGroup;
  readonly access: Access;
  readonly summary: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response: z.ZodType;
  /**
   * The domain error codes the route may answer with. The generic ones follow from the route
   * itself and are not listed (`routeErrorCodes` adds them): validation with a body or query,
   * session codes when it is not public, FORBIDDEN for staff and admin, INTERNAL_ERROR always.
   */
  readonly errors: readonly ErrorCode[];
  /** Defaults to 200 (201 for POST creating a resource is set explicitly). */
  readonly successStatus?: number;
}

export const defineRoute = <const T extends RouteDefinition>(route: T): T => route;

/** The API Gateway route key, e.g. `POST /api/auth/login`. */
export const routeKeyOf = (route: Pick<RouteDefinition, 'method' | 'path'>): string =>
  `${route.method} ${API_PREFIX}${route.path}`;

/** The path parameters of a template: `ParamsOf<'/users/{id}'>` is `{ id: string }`. */
export type ParamsOf<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof ParamsOf<Rest>]: string }
  : Record<never, never>;

/** The parameters argument of a path: required exactly when the template has parameters. */
type ParamsArgument<P extends string> = keyof ParamsOf<P> extends never
  ? [params?: ParamsOf<P>]
  : [params: ParamsOf<P>];

/** Fills `{name}` placeholders: `fillPath('/users/{id}', { id: 'u1' })` → `/users/u1`. */
export const fillPath = <P extends string>(path: P, ...[params]: ParamsArgument<P>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });

export type BodyOf<R extends RouteDefinition> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : undefined;
export type ParsedBodyOf<R extends RouteDefinition> = R['body'] extends z.ZodType
  ? z.output<R['body']>
  : undefined;
export type QueryOf<R extends RouteDefinition> = R['query'] extends z.ZodType
  ? z.input<R['query']>
  : undefined;
export type ParsedQueryOf<R extends RouteDefinition> = R['query'] extends z.ZodType
  ? z.output<R['query']>
  : undefined;
export type ResponseOf<R extends RouteDefinition> = z.output<R['response']>;
