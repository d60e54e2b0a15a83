import clsx from 'clsx';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { controlStateClasses, FieldMessage, useFieldIds } from './field';
import { IconEye, IconEyeOff } from './icons';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** The validation message; marks the input invalid and is announced with it. */
  error?: string;
  hint?: ReactNode;
  /**
   * Something to show at the right of the label row (e.g. 'Forgot password?'). It follows the
   * input in the page and in the Tab order: the field comes first, its aside after it.
   */
  labelAside?: ReactNode;
  /** An element inside the input's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses = (invalid: boolean) =>
  clsx(
    'block h-11 w-full rounded-lg border bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors sm:h-10 sm:text-sm',
    controlStateClasses(invalid),
  );

export function TextField({
  label,
  error,
  hint,
  labelAside,
  trailing,
  id,
  className,
  ref,
  ...props
}: TextFieldProps) {
  const { inputId, errorId, hintId, describedBy } = useFieldIds(id, error, hint);

  return (
    <div className={className}>
      {/* One grid: the label and its aside on the first row, the input across the second. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3">
        <label
          htmlFor={inputId}
          className="col-start-1 row-start-1 mb-1.5 text-sm font-medium text-slate-800"
        >
          {label}
        </label>
        <div className="relative col-span-2 row-start-2">
          <input
            ref={ref}
            id={inputId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={clsx(inputClasses(!!error), trailing && 'pr-11')}
            {...props}
          />
          {trailing ? (
            <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
          ) : null}
        </div>
        {labelAside ? <div className="col-start-2 row-start-1 mb-1.5">{labelAside}</div> : null}
      </div>
      <FieldMessage error={error} hint={hint} errorId={errorId} hintId={hintId} />
    </div>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? IconEyeOff : IconEye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={
            visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`
          }
          aria-pressed={visible}
          disabled={props.disabled}
          className="inline-flex size-9 items-center justify-center rounded-md text-slate-500 hover:text-slate-800 disabled:opacity-50"
        >
          <Icon className="size-5" />
        </button>
      }
    />
  );
}
