import type * as z from 'zod';
import { Invalid } from '../errors';

/**
 * Validates input with a contract schema. Failures list each field's first message; `message`
 * joins them so a client that shows one string still says everything.
 */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  throw new Invalid('VALIDATION_FAILED', [...new Set(Object.values(fields))].join('. '), fields);
};

/** Decodes and parses an API Gateway body. An absent body counts as `{}` so each field says "required". */
export const parseJsonBody = (
  body: string | undefined,
  isBase64Encoded: boolean | undefined,
): unknown => {
  if (body === undefined || body === '') return {};
  const text = isBase64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid('MALFORMED_JSON', 'Malformed JSON in request body');
  }
};
