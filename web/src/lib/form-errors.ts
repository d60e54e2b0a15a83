import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Marks the form's fields the server refused (`fields` of the error answer) with the server's
 * message for each. The form's banner says what failed; this says where.
 */
export const applyFieldErrors = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  names: readonly FieldPath<T>[],
): void => {
  if (!(error instanceof ApiError)) return;
  for (const name of names) {
    const message = error.fields[name];
    if (message) setError(name, { type: 'server', message });
  }
};
