import { useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Marks the form's fields the server refused (`fields` of the error answer) with the server's
 * message for each: the refusal shows where the owner has to act. Answers whether any field was
 * marked; a form then says nothing more (no toast repeating it), and shows the failure its own
 * way only when the refusal named none of its fields.
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
): boolean => {
  if (!(error instanceof ApiError)) return false;
  const marked = new Set<string>();
  for (const [serverField, message] of Object.entries(error.fields)) {
    const name = fieldOf(serverField);
    if (!name || marked.has(name) || !(names as readonly string[]).includes(name)) continue;
    marked.add(name);
    setError(name as FieldPath<T>, { type: 'server', message });
  }
  return marked.size > 0;
};

/** The path of the first field the server refused (`websiteUrls.0.value` in a list of rows). */
const firstRefusedField = (errors: object, prefix = ''): string | undefined => {
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    // A field's error has a type (and a ref to the element, not to be walked); a list's or a
    // group's errors are its fields' own.
    if (typeof (value as { type?: unknown }).type === 'string') {
      if ((value as { type: string }).type === 'server') return path;
      continue;
    }
    const inner = firstRefusedField(value as object, path);
    if (inner) return inner;
  }
  return undefined;
};

/**
 * Once a submit the server refused has ended, focus moves to the first field the refusal marked,
 * as it does to the first field the form's own checks refuse: a screen reader then reads the
 * field with its message. Not before: while the request runs, the fields are disabled and
 * cannot take focus.
 */
export const useFocusRefusedField = <T extends FieldValues>(form: UseFormReturn<T>): void => {
  const {
    formState: { isSubmitting, errors },
    setFocus,
  } = form;
  const wasSubmitting = useRef(isSubmitting);
  useEffect(() => {
    const ended = wasSubmitting.current && !isSubmitting;
    wasSubmitting.current = isSubmitting;
    if (!ended) return;
    const refused = firstRefusedField(errors);
    if (refused) setFocus(refused as FieldPath<T>);
  }, [isSubmitting, errors, setFocus]);
};

/**
 * The server's message for one field of a form kept without react-hook-form (a dialog's own
 * state), or undefined when the refusal does not name it.
 */
export const serverFieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fields[field] : undefined;
