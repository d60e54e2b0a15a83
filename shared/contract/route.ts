import type { z } from 'zod';
import type { ErrorCode } from './errors';
import { FORUM_SLUG_PATH_PATTERN } from '../domain/forum';

/** Every API path is served under this prefix: CloudFront forwards `/api/*` to the HTTP API. */
export const API_PREFIX = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `user` means any signed-in account. `forum` means a member of the
 * Founder Forum (a founder or an admin): to anyone else the route answers as if it did not exist
 * (404 NOT_FOUND), so the forum is not even seen to be there. `admin` (role admin: the people
 * running Sailpost) is hidden the same way; `staff` (staff or admin) refuses others with 403.
 */
export type Access = 'public' | 'user' | 'staff' | 'admin' | 'forum';

/** One Lambda per group; the CDK stack and the sandbox gateway both read this list. */
export const ENDPOINT_GROUPS = [
  'auth',
  'users',
  'companies',
  'platforms',
  'campaigns',
  'media',
  'ai',
  'content',
  'billing',
  'meta',
  'forum',
  'support',
  'performance',
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
   * session codes when it is not public, FORBIDDEN for staff, NOT_FOUND for forum and admin,
   * INTERNAL_ERROR always.
   */
  readonly errors: readonly ErrorCode[];
  /**
   * Defaults to 200 (201 for POST creating a resource is set explicitly). A redirect status (302,
   * 303, …) makes the route answer a redirect: its handler returns where to, the body is empty
   * (its `response` schema is `z.undefined()`) and the target is in the `location` header.
   */
  readonly successStatus?: number;
  /**
   * Whose each path id is (`{ companyId: 'company' }`): required for every `{param}` of the path,
   * so a new route cannot forget to say how a stranger's id is refused. The HTTP layer answers an
   * id of the wrong shape with the owner's not-found code before any lookup, and the tenant sweep
   * (test/api/sweeps) calls the route with another tenant's ids.
   */
  readonly owners?: Readonly<Record<string, PathIdOwner>>;
  /**
   * The largest JSON body the route takes, in bytes, when it needs more than the HTTP layer's
   * default (`MAX_JSON_BODY_BYTES`, 256 KB): an image sent as a data URL. Past it the body is
   * refused (413) before it is parsed.
   */
  readonly maxBodyBytes?: number;
}

/**
 * How a path id is owned, and what an id that is not the caller's answers: exactly what a missing
 * one answers, so a stranger learns nothing. All our ids are random UUIDs (`randomUUID()`).
 * - `caller`: the signed-in user's own id; any other id is refused.
 * - `company`: a company the caller owns (`loadOwnedCompany`), and with it everything in it.
 * - `credential`: a platform credential of the company in the same path (looked up in it).
 * - `campaign`: a campaign of a company the caller owns (`loadOwnedCampaign`: the campaign's
 *   pointer names its company, whose owner is checked first).
 * - `media`: a media asset of the campaign in the same path (looked up in it).
 * - `generation`: an AI campaign generation of a company the caller owns (its pointer names its
 *   company, whose owner is checked first, as for campaigns).
 * - `ticket`: a support ticket the caller opened; staff may name any ticket.
 * - `reviewLink`: the code of a text's review link (`/r/{code}`), the caller's own while its text
 *   can be answered; shaped as REVIEW_LINK_CODE_PATTERN, not as an id.
 * - `forumCategory`: a forum category's slug (shaped as FORUM_SLUG_PATTERN, not as an id);
 *   `forumThread` and `forumPost`: a thread, and a reply in the thread of the same path. The
 *   forum is shared by its members, so any member may read them; a hidden one is missing to all
 *   but admins, and a non-member is refused before any lookup (the route's `forum` access).
 */
export const PATH_ID_OWNERS = {
  caller: { notFound: 'USER_NOT_FOUND', message: 'User not found' },
  company: { notFound: 'COMPANY_NOT_FOUND', message: 'Company not found' },
  credential: { notFound: 'CREDENTIAL_NOT_FOUND', message: 'Platform connection not found' },
  campaign: { notFound: 'CAMPAIGN_NOT_FOUND', message: 'Campaign not found' },
  media: { notFound: 'MEDIA_NOT_FOUND', message: 'Media not found' },
  generation: { notFound: 'GENERATION_NOT_FOUND', message: 'Generation not found' },
  content: { notFound: 'CONTENT_NOT_FOUND', message: 'Content not found' },
  ticket: { notFound: 'SUPPORT_TICKET_NOT_FOUND', message: 'Ticket not found' },
  reviewLink: {
    notFound: 'REVIEW_LINK_NOT_FOUND',
    message: 'This review link has expired or is not for this account',
  },
  forumCategory: { notFound: 'FORUM_CATEGORY_NOT_FOUND', message: 'Category not found' },
  forumThread: { notFound: 'FORUM_THREAD_NOT_FOUND', message: 'Thread not found' },
  forumPost: { notFound: 'FORUM_POST_NOT_FOUND', message: 'Post not found' },
} as const satisfies Record<string, { notFound: ErrorCode; message: string }>;
export type PathIdOwner = keyof typeof PATH_ID_OWNERS;

/** The shape of every id we mint; anything else (or longer) cannot exist and is never looked up. */
export const PATH_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A review link's code: ten letters or digits (62^10, about 2^59.5), short enough for a text and
 * far too many to guess — and a guess would still have to be the caller's own.
 */
export const REVIEW_LINK_CODE_LENGTH = 10;
export const REVIEW_LINK_CODE_PATTERN = /^[0-9A-Za-z]{10}$/;

/** The shape a path id of this owner must have; anything else answers as missing. */
export const pathIdPatternOf = (owner: PathIdOwner): RegExp =>
  owner === 'reviewLink'
    ? REVIEW_LINK_CODE_PATTERN
    : owner === 'forumCategory'
      ? FORUM_SLUG_PATH_PATTERN
      : PATH_ID_PATTERN;

/** `owners` is required exactly when the path has parameters, and names each one. */
type OwnersOf<P extends string> = keyof ParamsOf<P> extends never
  ? { readonly owners?: never }
  : { readonly owners: { readonly [K in keyof ParamsOf<P>]: PathIdOwner } };

export const defineRoute = <const T extends RouteDefinition>(route: T & OwnersOf<T['path']>): T =>
  route;

/** The statuses that send the browser elsewhere (`location`), with no body. */
export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export const isRedirectRoute = (route: Pick<RouteDefinition, 'successStatus'>): boolean =>
  (REDIRECT_STATUSES as readonly number[]).includes(route.successStatus ?? 200);

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
