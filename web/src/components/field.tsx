import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

/** Border, focus and disabled styles every text control shares; red when invalid. */
export const controlStateClasses = (invalid: boolean) =>
  clsx(
    'placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-red-400 focus:outline-red-500'
      : 'border-slate-300 hover:border-slate-400 focus:outline-brand-600',
  );

/**
 * Ids for a labelled control and what describes it: the error when there is one, else the hint.
 * Only a message that is on screen is referenced by aria-describedby.
 */
export const useFieldIds = (id: string | undefined, error: string | undefined, hint: ReactNode) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return { inputId, errorId, hintId, describedBy };
};

/** The hint under a control, replaced by the error when there is one. */
export function FieldMessage({
  error,
  hint,
  errorId,
  hintId,
}: {
  error?: string;
  hint?: ReactNode;
  errorId: string;
  hintId: string;
}) {
  if (error) {
    return (
      <p id={errorId} className="mt-1.5 text-sm text-red-600">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={hintId} className="mt-1.5 text-sm text-slate-500">
      {hint}
    </p>
  ) : null;
}
