import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-700 ring-brand-200',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
};

const sizes = { sm: 'px-2.5 py-0.5 text-xs', md: 'px-3 py-1 text-sm' } as const;

export const badgeClasses = (tone: BadgeTone = 'neutral', size: keyof typeof sizes = 'sm') =>
  clsx(
    'inline-flex items-center gap-1 rounded-full font-medium whitespace-nowrap ring-1 ring-inset',
    sizes[size],
    tones[tone],
  );

export function Badge({
  tone = 'neutral',
  size = 'sm',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; size?: keyof typeof sizes }) {
  return <span className={clsx(badgeClasses(tone, size), className)} {...props} />;
}
