import clsx from 'clsx';
import type { ComponentType, SVGProps } from 'react';
import { Skeleton } from '#web/components/skeleton';

/** The head of an overview card: its icon in a tinted square, then its title. */
export function OverviewCardHead({
  title,
  icon: Icon,
  id,
  tone = 'brand',
}: {
  title: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The heading's id, for a section labelled by it. */
  id?: string;
  tone?: 'brand' | 'slate';
}) {
  return (
    <div className="flex items-center gap-3">
      <span
        className={clsx(
          'flex size-9 items-center justify-center rounded-lg',
          tone === 'brand' ? 'bg-brand-50 text-brand-600' : 'bg-slate-100 text-slate-600',
        )}
      >
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
    </div>
  );
}

/** Two lines standing in for a card's list while the overview loads. */
export function OverviewListSkeleton() {
  return (
    <div className="mt-4 space-y-3" aria-hidden="true">
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
    </div>
  );
}
