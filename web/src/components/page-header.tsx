import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the right (below the title on narrow screens). */
  actions?: ReactNode;
  /** Usually a <Breadcrumb />, shown above the title. */
  breadcrumb?: ReactNode;
  /**
   * Beside the title: the help icon that plays the page's tour again. A slot, not a tour id, so
   * the header (part of every page's first load) does not carry the tours' code.
   */
  help?: ReactNode;
}

export function PageHeader({ title, description, actions, breadcrumb, help }: PageHeaderProps) {
  return (
    <header className="mb-8">
      {breadcrumb ? <div className="mb-4">{breadcrumb}</div> : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {/* The same boxes with or without the help icon, so the title is not drawn afresh when
              the icon appears (its page has loaded). */}
          <div className="flex items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
              {title}
            </h1>
            {help}
          </div>
          {description ? <p className="mt-1.5 text-base text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
      </div>
    </header>
  );
}
