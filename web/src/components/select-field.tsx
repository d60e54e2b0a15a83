import clsx from 'clsx';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { controlStateClasses, FieldMessage, useFieldIds } from './field';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  /** The choices; or `<option>` and `<optgroup>` children instead. */
  options?: readonly { value: string; label: string }[];
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select with the same label, hint and error layout as TextField. */
export function SelectField({
  label,
  options,
  children,
  error,
  hint,
  id,
  className,
  ref,
  ...props
}: SelectFieldProps) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, error, hint);
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-xs transition-colors sm:h-10 sm:text-sm',
          controlStateClasses(!!error),
        )}
        {...props}
      >
        {options
          ? options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))
          : children}
      </select>
      <FieldMessage error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}
