import clsx from 'clsx';
import { Link } from 'react-router';
import type { ForumCategory } from '#shared/contract/forum';
import { cardClasses } from '#web/components/card';
import { IconChat } from '#web/components/icons';
import { Skeleton } from '#web/components/skeleton';
import { categoryPath, countText } from '../forum-paths';
import { ForumTime } from './forum-time';

/** The categories in their order: name, description, thread count and latest activity. */
export function CategoryList({ categories }: { categories: readonly ForumCategory[] }) {
  return (
    <ul aria-label="Categories" className={clsx(cardClasses, 'divide-y divide-slate-100')}>
      {categories.map((category) => (
        <li
          key={category._id}
          className="relative flex flex-col gap-2 p-4 transition-colors hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-6 sm:p-5"
        >
          <div className="min-w-0 flex-1">
            <h3 className="text-base font-semibold text-slate-900">
              <Link
                to={categoryPath(category.slug)}
                className="rounded break-words after:absolute after:inset-0 hover:text-brand-700"
              >
                {category.name}
              </Link>
            </h3>
            <p className="mt-0.5 text-sm break-words text-slate-600">{category.description}</p>
          </div>
          <dl className="flex shrink-0 items-center gap-4 text-sm text-slate-600 sm:w-56 sm:justify-end">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Threads</dt>
              <IconChat aria-hidden="true" className="size-4 text-slate-400" />
              <dd className="tabular-nums">{countText(category.threads, 'thread', 'threads')}</dd>
            </div>
            <div>
              <dt className="sr-only">Latest activity</dt>
              <dd>
                {category.lastActivityAt ? (
                  <ForumTime iso={category.lastActivityAt} />
                ) : (
                  <span className="text-slate-500">No threads yet</span>
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Rows standing in for a list while it loads. */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className={clsx(cardClasses, 'p-5')}>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className="space-y-5">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="flex items-center gap-4">
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
            <Skeleton className="hidden h-4 w-24 sm:block" />
          </div>
        ))}
      </div>
    </div>
  );
}
