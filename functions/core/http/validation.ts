import type * as z from 'zod';
import { PATH_ID_OWNERS, pathIdPatternOf, type RouteDefinition } from '#shared/contract/route';
import { Invalid, NotFound } from '../errors';

/**
 * Our bodies are a few kilobytes of form fields. API Gateway would pass up to 10 MB; past this
 * limit nothing is parsed, so a huge body costs neither memory nor validation time.
 */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/** The largest body a route takes: its own limit (an image as a data URL), or the default. */
export const maxJsonBodyBytesOf = (route: Pick<RouteDefinition, 'maxBodyBytes'>): number =>
  route.maxBodyBytes ?? MAX_JSON_BODY_BYTES;

const TOO_DEEP_MESSAGE = 'The request is nested too deeply';

/**
 * Validates input with a contract schema. Failures list each field's first message; `message`
 * joins them so a client that shows one string still says everything. Unknown fields are named
 * as fields, so a client sees which of its fields the route does not take.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  let result: z.ZodSafeParseResult<z.output<S>>;
  try {
    result = schema.safeParse(input);
  } catch (error) {
    // A schema walking a pathologically deep value can exhaust the stack: the input's fault.
    if (error instanceof RangeError) throw new Invalid('VALIDATION_FAILED', TOO_DEEP_MESSAGE);
    throw error;
  }
  if (result.success) return result.data;
  // A Map, not an object: a field named `__proto__` must stay a field.
  const fields = new Map<string, string>();
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const keys =
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => [...path, key].join('.'))
        : [path.length ? path.join('.') : '_'];
    for (const key of keys) if (!fields.has(key)) fields.set(key, issue.message);
  }
  throw new Invalid(
    'VALIDATION_FAILED',
    [...new Set(fields.values())].join('. '),
    Object.fromEntries(fields),
  );
};

/** `application/json` or any `+json` type, with or without parameters (`; charset=utf-8`). */
const isJsonContentType = (contentType: string | undefined): boolean => {
  const mime = contentType?.split(';')[0]!.trim().toLowerCase();
  return !!mime && (mime === 'application/json' || mime.endsWith('+json'));
};

/**
 * Decodes and parses an API Gateway body. An absent body counts as `{}` so each field says
 * "required"; a body must be JSON, say so in its content type, and stay under the size limit
 * (the route's own, or MAX_JSON_BODY_BYTES).
 */
export const parseJsonBody = (
  body: string | undefined,
  isBase64Encoded: boolean | undefined,
  contentType: string | undefined,
  maxBytes: number = MAX_JSON_BODY_BYTES,
): unknown => {
  if (body === undefined || body === '') return {};
  const bytes = Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');
  if (bytes.length > maxBytes) {
    throw new Invalid(
      'PAYLOAD_TOO_LARGE',
      `The request body must be at most ${Math.floor(maxBytes / 1024)} KB`,
    );
  }
  if (!isJsonContentType(contentType)) {
    throw new Invalid(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the request body as JSON (Content-Type: application/json)',
    );
  }
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof RangeError) throw new Invalid('MALFORMED_JSON', TOO_DEEP_MESSAGE);
    throw new Invalid('MALFORMED_JSON', 'Malformed JSON in request body');
  }
};

/**
 * Checks each path id against the shape of the ids we mint (a review link's code has its own). An
 * id that cannot exist answers exactly like a missing one (the owner's not-found code), before
 * anything looks it up: a 2 KB id would otherwise reach DynamoDB, whose key size limit turns it
 * into a 500.
 */
export const checkPathIds = (
  route: Pick<RouteDefinition, 'owners'>,
  pathParameters: Readonly<Record<string, string | undefined>> | undefined,
): void => {
  for (const [name, owner] of Object.entries(route.owners ?? {})) {
    const value = pathParameters?.[name];
    if (value === undefined || !pathIdPatternOf(owner).test(value)) {
      const { notFound, message } = PATH_ID_OWNERS[owner];
      throw new NotFound(notFound, message);
    }
  }
};
