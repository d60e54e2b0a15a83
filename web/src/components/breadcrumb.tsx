import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { IconChevronRight, IconHome } from './icons';

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page. */
  path?: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
}

/** A trail that always starts at Dashboard. The last item is the current page. */
export function Breadcrumb({ items }: { items: readonly BreadcrumbItem[] }) {
  const trail: BreadcrumbItem[] = [
    { label: 'Dashboard', path: '/dashboard', icon: IconHome },
    ...items,
  ];
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-slate-500">
        {trail.map((item, index) => {
          const last = index === trail.length - 1;
          const Icon = item.icon;
          const content = (
            <>
              {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
              <span>{item.label}</span>
            </>
          );
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1.5">
              {index > 0 ? <IconChevronRight className="size-4 shrink-0 text-slate-400" /> : null}
              {item.path && !last ? (
                <Link
                  to={item.path}
                  className="inline-flex items-center gap-1.5 rounded hover:text-slate-800"
                >
                  {content}
                </Link>
              ) : (
                <span
                  aria-current={last ? 'page' : undefined}
                  className="inline-flex items-center gap-1.5 font-medium text-slate-800"
                >
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
