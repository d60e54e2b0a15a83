import clsx from 'clsx';
import { Link } from 'react-router';
import type { UpcomingPost } from '#shared/contract/companies';
import { shortSlotText } from '#shared/domain/schedule-slots';
import { PLATFORMS } from '#shared/domain/tiers';
import { cardClasses } from '#web/components/card';
import { IconClock } from '#web/components/icons';
import { PlatformIcon } from '#web/components/platform-icon';
import { OverviewCardHead, OverviewListSkeleton } from './overview-card-head';

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
      <OverviewCardHead id="up-next-title" title="Up next" icon={IconClock} />
      {posts === undefined ? (
        <OverviewListSkeleton />
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
