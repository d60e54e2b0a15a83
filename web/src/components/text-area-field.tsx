import clsx from 'clsx';
import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text input with the same label, hint and error layout as TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  rows = 4,
  ref,
  ...props
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = clsx(error && errorId, hint && !error && hintId) || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'block w-full resize-y rounded-lg border bg-white px-3.5 py-2.5 text-base leading-6 text-slate-900 shadow-xs transition-colors sm:text-sm',
          'placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1',
          'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
          error
            ? 'border-red-400 focus:outline-red-500'
            : 'border-slate-300 hover:border-slate-400 focus:outline-brand-600',
        )}
        {...props}
      />
      {hint && !error ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
