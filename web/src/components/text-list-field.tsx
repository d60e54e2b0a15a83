import clsx from 'clsx';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  useFieldArray,
  type ArrayPath,
  type FieldArray,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { IconPlus, IconTrash } from './icons';
import { inputClasses } from './text-field';

const quietButton =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50';

interface TextListFieldProps<TValues extends FieldValues> {
  // The form's output type does not matter here: only its inputs are registered.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: UseFormReturn<TValues, unknown, any>;
  /** A field array of `{ value: string }` rows. */
  name: ArrayPath<TValues>;
  legend: string;
  hint: ReactNode;
  /** What one row is called: 'Key message' gives 'Key message 2' and 'Remove key message 2'. */
  itemLabel: string;
  addLabel: string;
  max: number;
  /** Shown instead of the add button once `max` rows are there. */
  maxText: string;
  /** Numbers shown before the rows (an ordered list). */
  numbered?: boolean;
  /** What each row's input takes besides its value (type, placeholder, maxLength…). */
  inputProps?: (index: number) => InputHTMLAttributes<HTMLInputElement>;
}

/**
 * A list of one-line texts: one input per row, an add button and a Remove per row. After a Remove,
 * focus moves to the row that took its place, or to the add button after the last one; both are
 * announced to screen readers.
 */
export function TextListField<TValues extends FieldValues>({
  form,
  name,
  legend,
  hint,
  itemLabel,
  addLabel,
  max,
  maxText,
  numbered = false,
  inputProps,
}: TextListFieldProps<TValues>) {
  const hintId = useId();
  const { control, register, setFocus, getFieldState, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name });
  const valuePath = (index: number) => `${name}.${index}.value` as Path<TValues>;
  // An array's own error (too many rows) sits at its root, or on it for a refinement of the array.
  const listError = getFieldState(name as Path<TValues>, formState).error as
    (FieldError & { root?: FieldError }) | undefined;
  const listMessage = listError?.root?.message ?? listError?.message;
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<{ index: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const lowerLabel = itemLabel.toLowerCase();

  useEffect(() => {
    const pending = focusAfter.current;
    if (!pending) return;
    focusAfter.current = null;
    if (pending.index < fields.length) setFocus(`${name}.${pending.index}.value` as Path<TValues>);
    else addButton.current?.focus();
  }, [fields, name, setFocus]);

  const List = numbered ? 'ol' : 'ul';
  return (
    <fieldset aria-describedby={hintId} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={hintId} className="mt-0.5 text-sm text-slate-500">
        {hint}
      </p>
      {fields.length ? (
        <List className="mt-3 space-y-2.5">
          {fields.map((field, index) => {
            const number = index + 1;
            const error = getFieldState(valuePath(index), formState).error?.message;
            const errorId = `${hintId}-${field.id}-error`;
            return (
              <li key={field.id}>
                <div className="flex items-center gap-2">
                  {numbered ? (
                    <span
                      aria-hidden="true"
                      className="w-5 shrink-0 text-right text-sm text-slate-500 tabular-nums"
                    >
                      {number}.
                    </span>
                  ) : null}
                  <input
                    {...inputProps?.(index)}
                    {...register(valuePath(index))}
                    aria-label={`${itemLabel} ${number}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    className={clsx(inputClasses(!!error), 'min-w-0 flex-1')}
                  />
                  <button
                    type="button"
                    onClick={() => {
                      focusAfter.current = { index };
                      remove(index);
                      setAnnouncement(`${itemLabel} ${number} removed.`);
                    }}
                    aria-label={`Remove ${lowerLabel} ${number}`}
                    className={quietButton}
                  >
                    <IconTrash aria-hidden="true" className="size-4" />
                    <span className="hidden sm:inline">Remove</span>
                  </button>
                </div>
                {error ? (
                  <p
                    id={errorId}
                    className={clsx('mt-1.5 text-sm text-red-600', numbered && 'ml-7')}
                  >
                    {error}
                  </p>
                ) : null}
              </li>
            );
          })}
        </List>
      ) : null}
      {listMessage ? <p className="mt-1.5 text-sm text-red-600">{listMessage}</p> : null}
      {fields.length < max ? (
        <button
          ref={addButton}
          type="button"
          onClick={() => {
            // The new row takes focus (useFieldArray focuses an appended field).
            append({ value: '' } as FieldArray<TValues, ArrayPath<TValues>>);
            setAnnouncement(`${itemLabel} ${fields.length + 1} added.`);
          }}
          className="mt-3 -ml-2 inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <IconPlus aria-hidden="true" className="size-4" />
          {addLabel}
        </button>
      ) : (
        <p className="mt-3 text-sm text-slate-500">{maxText}</p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
