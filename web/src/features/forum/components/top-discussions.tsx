import clsx from 'clsx';
import { Link } from 'react-router';
import { FORUM_TOP_WINDOW_DAYS } from '#shared/domain/forum';
import { cardClasses } from '#web/components/card';
import { IconActivity } from '#web/components/icons';
import { Skeleton } from '#web/components/skeleton';
import { useTopThreads } from '../api/top-threads';
import { FORUM_TEXTS } from '../forum-texts';
import { authorName, countText, threadPath } from '../forum-paths';
import { LoadFailure } from './load-failure';

/** The most-voted open threads of the last 30 days, each with its author, votes and replies. */
export function TopDiscussions() {
  const { threads, error, retry } = useTopThreads();
  const body = () => {
    if (error) {
      return <LoadFailure title={FORUM_TEXTS.loadTopFailed} error={error} onRetry={retry} />;
    }
    if (!threads) {
      return (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      );
    }
    if (threads.length === 0) {
      return (
        <p className="mt-3 text-sm text-slate-600">
          {`No discussions in the last ${FORUM_TOP_WINDOW_DAYS} days yet. Start one!`}
        </p>
      );
    }
    return (
      <ol className="mt-3 divide-y divide-slate-100">
        {threads.map((thread) => (
          <li key={thread._id} className="py-3">
            <Link
              to={threadPath(thread.categorySlug, thread._id)}
              className="rounded text-sm font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
            >
              {thread.title}
            </Link>
            <p className="mt-0.5 text-xs text-slate-600">
              {`${authorName(thread.userId)} · ${countText(thread.voteCount, 'vote', 'votes')} · ${countText(thread.posts, 'reply', 'replies')}`}
            </p>
          </li>
        ))}
      </ol>
    );
  };
  return (
    <section aria-labelledby="top-discussions-title" className={clsx(cardClasses, 'p-5')}>
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <IconActivity aria-hidden="true" className="size-5" />
        </span>
        <h2 id="top-discussions-title" className="text-base font-semibold text-slate-900">
          Top discussions
        </h2>
      </div>
      {body()}
    </section>
  );
}
