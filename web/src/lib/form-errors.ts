import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Marks the form's fields the server refused (`fields` of the error answer) with the server's
 * message for each. The form's banner says what failed; this says where.
 *
 * The server names a field by its path in the body (`contentSeeds.brandVoice`,
 * `schedule.times.0`); `fieldOf` maps such a path to the form's field when the form is shaped
 * differently from the body (undefined: not a field of this form). The first message per field
 * wins.
 */
export const applyFieldErrors = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  names: readonly FieldPath<T>[],
  fieldOf: (serverField: string) => string | undefined = (serverField) => serverField,
): void => {
  if (!(error instanceof ApiError)) return;
  const marked = new Set<string>();
  for (const [serverField, message] of Object.entries(error.fields)) {
    const name = fieldOf(serverField);
    if (!name || marked.has(name) || !(names as readonly string[]).includes(name)) continue;
    marked.add(name);
    setError(name as FieldPath<T>, { type: 'server', message });
  }
};
