import { ApiError } from '#web/lib/api-client';
import { FORUM_TEXTS } from './forum-texts';

/**
 * Why a new thread was refused: the server's messages about its fields joined by commas (a title
 * too long, a category gone), else its message, else 'Failed to create thread'.
 */
export const createThreadFailureText = (error: unknown): string => {
  if (!(error instanceof ApiError)) return FORUM_TEXTS.createThreadFailed;
  const fieldMessages = Object.values(error.fields);
  if (fieldMessages.length) return fieldMessages.join(', ');
  return error.serverMessage || FORUM_TEXTS.createThreadFailed;
};
