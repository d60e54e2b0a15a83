import { Link } from 'react-router';
import type { TopPost } from '#shared/contract/performance';
import { slotText } from '#shared/domain/schedule-slots';
import { platformName } from '#shared/domain/tiers';
import { PlatformIcon } from '#web/components/platform-icon';
import { PostResults } from '#web/components/post-results';

interface TopPostsProps {
  companyId: string;
  timeZone: string;
  posts: readonly TopPost[];
}

/** The posts with the most engagements, best first: each with its numbers and where it ran. */
export function TopPosts({ companyId, timeZone, posts }: TopPostsProps) {
  return (
    <ol className="divide-y divide-slate-100">
      {posts.map((post, index) => (
        <li key={post.contentId} className="flex gap-3 py-4 first:pt-0 last:pb-0">
          <span
            aria-hidden="true"
            className="mt-0.5 w-5 shrink-0 text-right text-sm font-semibold text-slate-500 tabular-nums"
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
              <PlatformIcon platform={post.platform} size="xs" />
              <span className="font-medium text-slate-800">{platformName(post.platform)}</span>
              {/* On a phone the date goes under the name rather than after a dangling dot. */}
              <span aria-hidden="true" className="hidden sm:inline">
                ·
              </span>
              <time dateTime={post.publishedAt} className="basis-full sm:basis-auto">
                {slotText(post.publishedAt, timeZone)}
              </time>
            </p>
            <p className="mt-1 line-clamp-2 text-sm text-slate-900">
              <Link
                to={`/dashboard/company/${companyId}/campaigns/${post.campaignId}`}
                className="rounded hover:text-brand-700 hover:underline"
              >
                {post.excerpt}
              </Link>
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              {post.campaignName ?? 'A deleted campaign'}
              {post.postUrl ? (
                <>
                  {' · '}
                  <a
                    href={post.postUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="font-medium text-brand-700 underline-offset-2 hover:underline"
                  >
                    {`View on ${platformName(post.platform)}`}
                  </a>
                </>
              ) : null}
            </p>
            <PostResults
              className="mt-2 max-w-md"
              timeZone={timeZone}
              results={{
                impressions: post.results.impressions,
                engagements: post.results.engagements,
                asOf: post.results.collectedAt,
              }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
