import type { ErrorCode } from '#shared/contract/errors';
import { ApiError } from './api-client';

/**
 * What the app says about a failed call, in the specs' words: the server's message when it gave
 * one, the screen's own text otherwise.
 */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

/** A toast's text: "Failed to {action}: {server message}", or "Failed to {action}" without one. */
export const failureText = (action: string, error: unknown): string => {
  const message = error instanceof ApiError ? error.serverMessage : '';
  return message ? `Failed to ${action}: ${message}` : `Failed to ${action}`;
};

/** Whether the call failed with this code (the app decides on codes, never on message text). */
export const hasCode = (error: unknown, ...codes: ErrorCode[]): boolean =>
  error instanceof ApiError && error.code !== undefined && codes.includes(error.code);

/** A 401 already cleared the session and went to /login: nothing more to say about it. */
export const isSessionEnded = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/**
 * The API refused the request itself (a 4xx other than a timeout or a rate limit): sending the
 * same again can only be refused again, so nothing offers to try again.
 */
export const isRefusedForGood = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;
