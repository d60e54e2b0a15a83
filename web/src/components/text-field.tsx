import clsx from 'clsx';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { IconEye, IconEyeOff } from './icons';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  /** The validation message; marks the input invalid and is announced with it. */
  error?: string;
  hint?: ReactNode;
  /** Something to show at the right of the label row (e.g. 'Forgot password?'). */
  labelAside?: ReactNode;
  /** An element inside the input's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses = (invalid: boolean) =>
  clsx(
    'block h-11 w-full rounded-lg border bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors sm:h-10 sm:text-sm',
    'placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    invalid
      ? 'border-red-400 focus:outline-red-500'
      : 'border-slate-300 hover:border-slate-400 focus:outline-brand-600',
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
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = clsx(error && errorId, hint && hintId) || undefined;

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative">
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
