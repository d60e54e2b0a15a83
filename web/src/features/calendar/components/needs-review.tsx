import clsx from 'clsx';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { Campaign } from '#shared/contract/campaigns';
import type { GeneratedContent, PostApproval } from '#shared/contract/content';
import { slotText } from '#shared/domain/schedule-slots';
import { platformName } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { IconCheckCircle, IconClose } from '#web/components/icons';
import { PlatformIcon } from '#web/components/platform-icon';
import { RetryAlert } from '#web/components/retry-alert';
import { Skeleton } from '#web/components/skeleton';
import { firstWords } from '../calendar-dates';
import { CALENDAR_TEXTS } from '../calendar-texts';
import { postPath } from '../post-path';

/** The list's anchor: …/calendar#needs-review opens the calendar at it. */
export const NEEDS_REVIEW_ANCHOR = 'needs-review';

/** Scrolls to the element once it is `ready` when the address ends in #`anchor` (a link to it). */
const useScrolledTo = (anchor: string, ready: boolean) => {
  const ref = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash === `#${anchor}`) ref.current?.scrollIntoView({ block: 'start' });
  }, [anchor, hash, ready]);
  return ref;
};

/**
 * A reviewed draft leaves the list, and the button that had focus with it: focus comes back to
 * the list's heading (after Approve all, the outcomes take it).
 */
const useFocusAfterReview = (busy: string | null, drafts: unknown) => {
  const ref = useRef<HTMLHeadingElement>(null);
  const reviewing = useRef<string | null>(null);
  /** A draft was reviewed: its button goes once the drafts are read again. */
  const reviewed = useRef(false);
  useEffect(() => {
    const finished = busy === null && reviewing.current !== null && reviewing.current !== 'all';
    reviewing.current = busy;
    if (finished) reviewed.current = true;
    if (!reviewed.current) return;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) ref.current?.focus();
    // Once the drafts have been read again, a button still there keeps its focus.
    if (lost || !finished) reviewed.current = false;
  }, [busy, drafts]);
  return ref;
};

/** What became of each post of an Approve all, with the post as it was when asked. */
export interface ApprovalOutcome {
  result: PostApproval;
  post: GeneratedContent | undefined;
}

interface NeedsReviewProps {
  companyId: string;
  timeZone: string;
  drafts: GeneratedContent[] | undefined;
  more: boolean;
  isLoading: boolean;
  failed: boolean;
  onRetry: () => void;
  campaigns: ReadonlyMap<string, Campaign>;
  /** The post whose review is in flight ('all' for Approve all). */
  busy: string | null;
  onApprove: (post: GeneratedContent) => void;
  onRequestChanges: (post: GeneratedContent) => void;
  onApproveAll: () => void;
  outcomes: ApprovalOutcome[] | null;
  onDismissOutcomes: () => void;
}

/** The drafts waiting for review, of every campaign: each with its actions, and Approve all. */
export function NeedsReview({
  companyId,
  timeZone,
  drafts,
  more,
  isLoading,
  failed,
  onRetry,
  campaigns,
  busy,
  onApprove,
  onRequestChanges,
  onApproveAll,
  outcomes,
  onDismissOutcomes,
}: NeedsReviewProps) {
  const count = drafts?.length ?? 0;
  const section = useScrolledTo(NEEDS_REVIEW_ANCHOR, !isLoading);
  const heading = useFocusAfterReview(busy, drafts);
  return (
    <section
      ref={section}
      id={NEEDS_REVIEW_ANCHOR}
      aria-labelledby="needs-review-heading"
      className={clsx(cardClasses, 'scroll-mt-6 p-4 sm:p-5')}
    >
      <h2
        ref={heading}
        tabIndex={-1}
        id="needs-review-heading"
        className="flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        {CALENDAR_TEXTS.needsReview}
        {count ? <Badge tone="warning">{more ? `${count}+` : count}</Badge> : null}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{CALENDAR_TEXTS.needsReviewHint}</p>
      {count > 0 ? (
        <Button
          className="mt-3"
          fullWidth
          onClick={onApproveAll}
          loading={busy === 'all'}
          disabled={busy !== null}
        >
          {busy === 'all' ? CALENDAR_TEXTS.approving : CALENDAR_TEXTS.approveAll}
        </Button>
      ) : null}

      {outcomes ? (
        <ApprovalOutcomes outcomes={outcomes} timeZone={timeZone} onDismiss={onDismissOutcomes} />
      ) : null}

      <div className="mt-4">
        {isLoading ? (
          <div>
            <p role="status" className="sr-only">
              {CALENDAR_TEXTS.draftsLoading}
            </p>
            <div aria-hidden="true" className="space-y-3">
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} className="h-20 w-full rounded-xl" />
              ))}
            </div>
          </div>
        ) : failed ? (
          <RetryAlert onRetry={onRetry}>{CALENDAR_TEXTS.draftsFailed}</RetryAlert>
        ) : count === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <IconCheckCircle aria-hidden="true" className="size-5 text-emerald-600" />
            {CALENDAR_TEXTS.noDrafts}
          </p>
        ) : (
          <>
            <ul className="space-y-3">
              {drafts!.map((draft) => (
                <DraftItem
                  key={draft._id}
                  draft={draft}
                  companyId={companyId}
                  campaign={campaigns.get(draft.campaignId)}
                  busy={busy}
                  onApprove={onApprove}
                  onRequestChanges={onRequestChanges}
                />
              ))}
            </ul>
            {more ? (
              <p className="mt-3 text-xs text-slate-600">{CALENDAR_TEXTS.moreDrafts(count)}</p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

function DraftItem({
  draft,
  companyId,
  campaign,
  busy,
  onApprove,
  onRequestChanges,
}: {
  draft: GeneratedContent;
  companyId: string;
  campaign: Campaign | undefined;
  busy: string | null;
  onApprove: (post: GeneratedContent) => void;
  onRequestChanges: (post: GeneratedContent) => void;
}) {
  const platform = platformName(draft.metadata.params.platform);
  const withAi = draft.status === 'modify' && draft.revisionId !== null;
  const name = `${platform} post${campaign ? ` of ${campaign.name}` : ''}`;
  return (
    <li data-draft-id={draft._id} className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-center gap-2">
        <PlatformIcon platform={draft.metadata.params.platform} size="sm" />
        <p className="min-w-0 flex-1 truncate text-xs font-medium text-slate-600">
          {campaign?.name ?? platform}
        </p>
        {draft.status === 'modify' ? <Badge tone="brand">Changes requested</Badge> : null}
      </div>
      <Link
        to={postPath(companyId, draft)}
        className="mt-2 line-clamp-3 rounded text-sm text-slate-800 hover:text-brand-700 hover:underline"
      >
        <span className="sr-only">{name}: </span>
        {firstWords(draft.content, 140)}
      </Link>
      {withAi ? (
        <p className="mt-2 text-xs text-slate-600">{CALENDAR_TEXTS.changesRequested}</p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            className="flex-1"
            size="sm"
            onClick={() => onApprove(draft)}
            loading={busy === draft._id}
            disabled={busy !== null}
            aria-label={`Approve ${name}`}
          >
            Approve
          </Button>
          <Button
            className="flex-1"
            size="sm"
            variant="secondary"
            onClick={() => onRequestChanges(draft)}
            disabled={busy !== null || !campaign}
            aria-label={`Request changes to ${name}`}
          >
            Request changes
          </Button>
        </div>
      )}
    </li>
  );
}

function ApprovalOutcomes({
  outcomes,
  timeZone,
  onDismiss,
}: {
  outcomes: ApprovalOutcome[];
  timeZone: string;
  onDismiss: () => void;
}) {
  const scheduled = outcomes.filter(({ result }) => result.outcome === 'scheduled').length;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-3 text-sm"
      data-testid="approval-outcomes"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {scheduled} of {outcomes.length} scheduled
        </p>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={CALENDAR_TEXTS.dismiss}
          className="rounded p-0.5 text-slate-500 hover:bg-white hover:text-slate-800"
        >
          <IconClose aria-hidden="true" className="size-4" />
        </button>
      </div>
      <ul className="mt-2 space-y-2">
        {outcomes.map(({ result, post }) => (
          <li key={result.contentId} className="flex gap-2">
            {post ? <PlatformIcon platform={post.metadata.params.platform} size="sm" /> : null}
            <div className="min-w-0">
              <p className="truncate text-slate-700">
                {post ? firstWords(post.content, 48) : 'A post'}
              </p>
              <p
                className={clsx(
                  'text-xs font-medium',
                  result.outcome === 'scheduled'
                    ? 'text-emerald-800'
                    : result.outcome === 'approved'
                      ? 'text-amber-800'
                      : 'text-red-700',
                )}
              >
                {result.outcome === 'scheduled'
                  ? `Scheduled ${slotText(result.scheduledFor, timeZone)}`
                  : result.message}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
