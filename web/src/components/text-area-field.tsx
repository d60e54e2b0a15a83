import clsx from 'clsx';
import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { controlStateClasses, FieldMessage, useFieldIds } from './field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Something to show at the right of the label row (e.g. a dictation button). */
  labelAside?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text input with the same label, hint and error layout as TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  labelAside,
  id,
  className,
  rows = 4,
  ref,
  ...props
}: TextAreaFieldProps) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, error, hint);
  return (
    <div className={className}>
      {labelAside ? (
        <div className="mb-1.5 flex items-end justify-between gap-3">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {labelAside}
        </div>
      ) : (
        <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
          {label}
        </label>
      )}
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          'block w-full resize-y rounded-lg border bg-white px-3.5 py-2.5 text-base leading-6 text-slate-900 shadow-xs transition-colors sm:text-sm',
          controlStateClasses(!!error),
        )}
        {...props}
      />
      <FieldMessage error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}
