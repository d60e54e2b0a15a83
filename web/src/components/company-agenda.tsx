import { Link } from 'react-router';
import type { CompanySummary } from '#shared/contract/companies';
import { shortSlotText } from '#shared/domain/schedule-slots';
import { PLATFORMS } from '#shared/domain/tiers';
import { IconClock } from './icons';
import { PlatformIcon } from './platform-icon';

/** "3 drafts need your review" / "1 draft needs your review". */
export const draftsWaitingText = (count: number): string =>
  count === 1 ? '1 draft needs your review' : `${count} drafts need your review`;

/**
 * What needs doing in a company, on its card: the drafts waiting for review (a link to the
 * calendar's review list) and the next post going out, at its time in the company's zone.
 */
export function CompanyAgenda({ company, now }: { company: CompanySummary; now?: number }) {
  const { draftsWaiting, nextPost } = company.agenda;
  return (
    <div className="mt-4 space-y-1.5 text-sm" data-tour="company-agenda">
      {draftsWaiting > 0 ? (
        <Link
          to={`/dashboard/company/${company._id}/calendar#needs-review`}
          className="block rounded font-semibold text-brand-700 hover:text-brand-900 hover:underline"
        >
          {draftsWaitingText(draftsWaiting)}
        </Link>
      ) : null}
      {nextPost ? (
        <p className="flex min-w-0 items-center gap-1.5 text-slate-600">
          <PlatformIcon platform={nextPost.platform} size="sm" className="shrink-0" />
          <span className="truncate">
            {`Next: ${PLATFORMS[nextPost.platform].shortName} post, `}
            <time dateTime={nextPost.scheduledFor} className="font-medium text-slate-800">
              {shortSlotText(nextPost.scheduledFor, company.timeZone, now)}
            </time>
          </span>
        </p>
      ) : (
        <p className="flex items-center gap-1.5 text-slate-500">
          <IconClock aria-hidden="true" className="size-4 shrink-0" />
          No posts scheduled
        </p>
      )}
    </div>
  );
}
