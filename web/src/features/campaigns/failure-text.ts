import { ApiError } from '#web/lib/api-client';

/**
 * A failure toast in the spec's words: '{prefix}: {server message}' ('Failed to delete campaign:
 * Campaign not found'), or the prefix alone when the server gave no message.
 */
export const withServerMessage = (prefix: string, error: unknown): string =>
  error instanceof ApiError && error.serverMessage ? `${prefix}: ${error.serverMessage}` : prefix;
