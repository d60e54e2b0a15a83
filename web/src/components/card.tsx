import clsx from 'clsx';
import type { HTMLAttributes } from 'react';

/** The card look, for elements that are not a plain div (list items, sections). */
export const cardClasses = 'rounded-2xl border border-slate-200 bg-white shadow-xs';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx(cardClasses, className)} {...props} />;
}
