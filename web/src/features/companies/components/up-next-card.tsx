import clsx from 'clsx';
import { Link } from 'react-router';
import type { UpcomingPost } from '#shared/contract/companies';
import { shortSlotText } from '#shared/domain/schedule-slots';
import { PLATFORMS } from '#shared/domain/tiers';
import { cardClasses } from '#web/components/card';
import { IconClock } from '#web/components/icons';
import { PlatformIcon } from '#web/components/platform-icon';
import { Skeleton } from '#web/components/skeleton';

export const NOTHING_UP_NEXT =
  'No posts scheduled yet. Approved posts appear here with their time.';

interface UpNextCardProps {
  companyId: string;
  /** The company's zone, which the times are shown in. */
  timeZone: string;
  /** The next posts going out, soonest first; undefined while the overview loads. */
  posts: readonly UpcomingPost[] | undefined;
  /** The clock the times are read against (tests pin it). */
  now?: number;
}

/**
 * 'Up next' on the company overview: the next posts going out of any of its campaigns, each with
 * its platform, its time and its first words, and a link to it in its campaign.
 */
export function UpNextCard({ companyId, timeZone, posts, now }: UpNextCardProps) {
  return (
    <section aria-labelledby="up-next-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <div className="flex items-center gap-3">
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <IconClock aria-hidden="true" className="size-5" />
        </span>
        <h2 id="up-next-title" className="text-base font-semibold text-slate-900">
          Up next
        </h2>
      </div>
      {posts === undefined ? (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : posts.length ? (
        <ol className="mt-4 divide-y divide-slate-100">
          {posts.map((post) => (
            <li key={post.contentId} className="flex items-start gap-3 py-3">
              <PlatformIcon platform={post.platform} size="sm" className="mt-0.5" />
              <div className="min-w-0 flex-1">
                <p className="text-sm text-slate-600">
                  {`${PLATFORMS[post.platform].shortName} · `}
                  <time dateTime={post.scheduledFor} className="font-medium text-slate-900">
                    {shortSlotText(post.scheduledFor, timeZone, now)}
                  </time>
                </p>
                <Link
                  to={`/dashboard/company/${companyId}/campaigns/${post.campaignId}`}
                  className="mt-0.5 block truncate rounded text-sm text-slate-800 hover:text-brand-700 hover:underline"
                >
                  {post.preview}
                </Link>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-slate-500">{NOTHING_UP_NEXT}</p>
      )}
    </section>
  );
}
