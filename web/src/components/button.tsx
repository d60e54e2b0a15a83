import clsx from 'clsx';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Let a long label wrap onto more lines (the height grows from the size's minimum). */
  wrap?: boolean;
}

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-600/60',
  secondary:
    'bg-white text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:text-slate-400',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-600/60',
  /** A quiet destructive action (opens a confirmation). */
  'danger-ghost': 'text-red-700 hover:bg-red-50 hover:text-red-800 disabled:text-red-300',
};

const sizes: Record<ButtonSize, { base: string; height: string; minHeight: string }> = {
  sm: { base: 'gap-1.5 rounded-md px-3 text-sm', height: 'h-8', minHeight: 'min-h-8 py-1.5' },
  md: { base: 'gap-2 rounded-lg px-4 text-sm', height: 'h-10', minHeight: 'min-h-10 py-2' },
  lg: { base: 'gap-2 rounded-lg px-6 text-base', height: 'h-12', minHeight: 'min-h-12 py-3' },
};

/** The button look, for links that act as buttons (`<Link className={buttonClasses()}>`). */
export const buttonClasses = ({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  wrap = false,
}: ButtonStyle = {}) =>
  clsx(
    'inline-flex items-center justify-center font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed',
    variants[variant],
    sizes[size].base,
    wrap
      ? [sizes[size].minHeight, 'text-center']
      : [sizes[size].height, 'shrink-0 whitespace-nowrap'],
    fullWidth && 'w-full',
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyle {
  /** Shows a spinner and disables the button (a submit in flight). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  fullWidth,
  wrap,
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={clsx(buttonClasses({ variant, size, fullWidth, wrap }), className)}
      {...props}
    >
      {loading ? <Spinner label={null} size="sm" /> : null}
      {children}
    </button>
  );
}
