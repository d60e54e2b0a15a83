import clsx from 'clsx';
import type { ComponentType, ReactNode, SVGProps } from 'react';

interface EmptyStateProps {
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  title: ReactNode;
  description?: ReactNode;
  /** Usually one primary link or button. */
  action?: ReactNode;
  className?: string;
  /** 2 when the empty state sits right under the page's h1 (headings go down one step at a time). */
  headingLevel?: 2 | 3;
}

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
  headingLevel = 3,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {Icon ? (
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-6" />
        </div>
      ) : null}
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {description ? <p className="mt-1.5 max-w-sm text-sm text-slate-600">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
