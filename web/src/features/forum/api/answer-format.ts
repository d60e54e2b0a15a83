import type { z } from 'zod';
import { FORUM_TEXTS } from '../forum-texts';

/** An answer that does not have the shape the forum's screens read (a server out of step). */
export class InvalidResponseError extends Error {
  override readonly name = 'InvalidResponseError';
  constructor() {
    super(FORUM_TEXTS.invalidResponse);
  }
}

/**
 * The forum reads every answer through its contract's schema, in production too: a screen that
 * got something else says 'Invalid response format from server' rather than breaking halfway.
 */
export const parseAnswer = <S extends z.ZodType>(schema: S, answer: unknown): z.output<S> => {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data;
};

/** The answer parsed, once it arrives. */
export const parsed =
  <S extends z.ZodType>(schema: S) =>
  (answer: unknown): z.output<S> =>
    parseAnswer(schema, answer);

/**
 * Whether a read failed on the answer's shape: here, or (in development, where the API client
 * checks every answer against the contract first) in the client's own check.
 */
export const isInvalidResponse = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'InvalidResponseError' || error.name === 'ResponseMismatchError');
