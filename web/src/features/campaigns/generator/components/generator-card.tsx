import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import { cardClasses } from '#web/components/card';

/** A card of the generator's column: a titled section, like the campaign form's. */
export function GeneratorCard({
  title,
  description,
  action,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  /** At the right of the title (a small button). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={clsx(cardClasses, 'min-w-0 space-y-5 p-5 sm:p-6', className)}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
