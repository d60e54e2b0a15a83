import clsx from 'clsx';
import { Link } from 'react-router';
import type { ForumThreadSummary } from '#shared/contract/forum';
import { Badge } from '#web/components/badge';
import { cardClasses } from '#web/components/card';
import { IconChat, IconEyeOff, IconLock, IconPin } from '#web/components/icons';
import { authorName, countText, threadPath } from '../forum-paths';
import { ForumTime } from './forum-time';

/**
 * A category's threads as its page lists them (pinned first, then by latest activity): title,
 * author, replies, votes, a pin and a lock where they apply.
 */
export function ThreadList({ threads }: { threads: readonly ForumThreadSummary[] }) {
  return (
    <ul aria-label="Threads" className={clsx(cardClasses, 'divide-y divide-slate-100')}>
      {threads.map((thread) => (
        <li
          key={thread._id}
          className={clsx(
            'relative flex flex-col gap-2 p-4 transition-colors hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-6 sm:px-5',
            thread.hidden && 'bg-slate-50',
          )}
        >
          <div className="min-w-0 flex-1">
            <p className="flex items-start gap-2">
              {thread.pinned ? (
                <IconPin title="Pinned" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              ) : null}
              <Link
                to={threadPath(thread.categorySlug, thread._id)}
                className="rounded font-medium break-words text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
              >
                {thread.title}
              </Link>
              {thread.status === 'closed' ? (
                <IconLock title="Closed" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              ) : null}
              {thread.hidden ? (
                <Badge tone="warning" className="shrink-0">
                  <IconEyeOff aria-hidden="true" className="size-3.5" />
                  Hidden
                </Badge>
              ) : null}
            </p>
            <p className="mt-0.5 text-xs text-slate-600">
              {`by ${authorName(thread.userId)} · active `}
              <ForumTime iso={thread.lastActivityAt} />
            </p>
          </div>
          <p className="flex shrink-0 items-center gap-4 text-sm text-slate-600 tabular-nums sm:w-48 sm:justify-end">
            <span className="flex items-center gap-1.5">
              <IconChat aria-hidden="true" className="size-4 text-slate-400" />
              {countText(thread.posts, 'reply', 'replies')}
            </span>
            <span>{countText(thread.voteCount, 'vote', 'votes')}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
