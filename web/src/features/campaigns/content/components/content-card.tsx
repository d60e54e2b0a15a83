import clsx from 'clsx';
import { format } from 'date-fns';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Campaign } from '#shared/contract/campaigns';
import { slotText } from '#shared/domain/schedule-slots';
import type {
  ContentGeneration,
  ContentModification,
  GeneratedContent,
} from '#shared/contract/content';
import {
  CONTENT_TEXTS,
  CONTENT_TOASTS,
  isReviewable,
  type VisibleContentStatus,
} from '#shared/domain/content';
import { platformName } from '#shared/domain/tiers';
import { Badge } from '#web/components/badge';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import {
  IconCheck,
  IconClock,
  IconClose,
  IconPencil,
  IconWarning,
  IconXCircle,
} from '#web/components/icons';
import { PlatformIcon } from '#web/components/platform-icon';
import { failureText, isSessionEnded } from '#web/lib/error-text';
import { focusNewUndo, undoButtons, useFocusRequest } from '#web/lib/focus-result';
import { importWithTimeout } from '#web/lib/lazy-import';
import { useReviewContent } from '#web/lib/api/review-content';
import { postMediaProblem } from '#web/lib/post-media-problem';
import { useUndoReview } from '../api/undo-review';
import {
  CONTENT_SCREEN_TEXTS,
  CONTENT_STATUS_LABELS,
  CONTENT_STATUS_TONES,
  MODIFY_ASPECT_LABELS,
} from '#web/components/content-texts';
import { GenerationProgress } from './generation-progress';
import type { ModifyStep } from '#web/components/modify-dialogs';
import { MovePostDialog } from '#web/components/move-post-dialog';
import { PostPreview, type PreviewAccount } from '#web/components/post-preview';
import { PostResults, slotReasonLine } from '#web/components/post-results';
import { toastWithUndo } from './undo-toast';

// The forms bring zod and react-hook-form: loaded when Request Changes is first pressed.
const loadModifyDialogs = () => importWithTimeout(() => import('#web/components/modify-dialogs'));
const ModifyDialogs = lazy(() =>
  loadModifyDialogs().then((module) => ({ default: module.ModifyDialogs })),
);

const preloadModifyDialogs = () => void loadModifyDialogs().catch(() => undefined);

const statusOf = (post: GeneratedContent) => post.status as VisibleContentStatus;

export function ContentStatusBadge({ status }: { status: VisibleContentStatus }) {
  return (
    <Badge tone={CONTENT_STATUS_TONES[status]} data-status={status}>
      {CONTENT_STATUS_LABELS[status]}
    </Badge>
  );
}

const when = (iso: string) => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : format(time, 'MMM d, yyyy, h:mm a');
};

function History({ entries }: { entries: readonly ContentModification[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="group mt-4 rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
        {`${CONTENT_SCREEN_TEXTS.history} (${entries.length})`}
        <span
          aria-hidden="true"
          className="text-slate-400 transition-transform group-open:rotate-90"
        >
          ›
        </span>
      </summary>
      <ol className="divide-y divide-slate-100 border-t border-slate-200">
        {[...entries].reverse().map((entry, index) => (
          <li key={`${entry.date}-${index}`} className="px-3 py-2.5 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <time dateTime={entry.date} className="text-slate-500">
                {when(entry.date)}
              </time>
              <ContentStatusBadge status={entry.status as VisibleContentStatus} />
              {entry.via === 'sms' ? (
                <span className="text-xs text-slate-500">by text reply</span>
              ) : null}
            </div>
            {entry.comment ? (
              <p className="mt-1 whitespace-pre-line text-slate-800">{entry.comment}</p>
            ) : null}
            {entry.modifyAspects.length ? (
              <p className="mt-1 text-xs text-slate-500">
                {`Aspects: ${entry.modifyAspects.map((aspect) => MODIFY_ASPECT_LABELS[aspect]).join(', ')}`}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

interface ContentCardProps {
  campaign: Campaign;
  post: GeneratedContent;
  account: PreviewAccount;
  /** The AI revision of this post started here, while it runs (its latest answer, once there is one). */
  revision: { generation: ContentGeneration | undefined } | null;
  onRevisionStarted: (generationId: string) => void;
  /** Reviewed in another tab or by text while on screen: said where its actions were. */
  reviewedElsewhere: boolean;
  /** The post as this card's own review, undo or move left it. */
  onChanged: (post: GeneratedContent) => void;
  /** The post a generation just wrote: the card takes the focus as it appears. */
  justWritten?: boolean;
}

/**
 * One generated post: its platform-true preview, status, publishing failure, history, and for a
 * draft (or one sent back) Approve, Reject and Request Changes. A review's toast says what became
 * of the post (when it goes out) and offers Undo for a few seconds.
 */
export function ContentCard({
  campaign,
  post,
  account,
  revision,
  onRevisionStarted,
  reviewedElsewhere,
  onChanged,
  justWritten = false,
}: ContentCardProps) {
  const review = useReviewContent();
  const undoReview = useUndoReview();
  const card = useRef<HTMLLIElement>(null);
  const focusCard = useFocusRequest(card);
  useEffect(() => {
    if (justWritten) focusCard();
  }, [justWritten, focusCard]);
  const [pending, setPending] = useState<'approved' | 'rejected' | null>(null);
  const [modifyStep, setModifyStep] = useState<ModifyStep | null>(null);
  const [moving, setMoving] = useState(false);
  const platform = post.metadata.params.platform;
  const status = statusOf(post);
  const assets = campaign.contentSeeds.mediaAssets;
  const chosenMedia = post.imageIds.flatMap((id) => assets.filter((asset) => asset._id === id));
  const images = chosenMedia.filter((asset) => asset.type === 'image');
  const reviewable = isReviewable(post.status) && revision === null;
  const headingId = `content-${post._id}-title`;
  // Said before approval rather than by the platform at publishing time (Instagram needs an image).
  const mediaProblem = reviewable ? postMediaProblem(platform, chosenMedia) : null;
  const mediaProblemId = `content-${post._id}-media-problem`;

  const undo = async () => {
    try {
      onChanged(await undoReview(campaign._id, campaign.company, post._id));
      toast.success(CONTENT_SCREEN_TEXTS.undone);
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(failureText(CONTENT_SCREEN_TEXTS.undoFailed, error));
    }
  };

  const decide = async (decision: 'approved' | 'rejected') => {
    setPending(decision);
    const undoBefore = undoButtons();
    try {
      const { content: reviewed } = await review(campaign._id, campaign.company, post._id, {
        status: decision,
      });
      onChanged(reviewed);
      const said =
        decision === 'rejected'
          ? CONTENT_TOASTS.rejected
          : reviewed.scheduledFor
            ? CONTENT_SCREEN_TEXTS.approvedFor(
                slotText(reviewed.scheduledFor, campaign.schedule.timeZone),
              ) + (reviewed.slotReason ? ` ${slotReasonLine(reviewed.slotReason)}.` : '')
            : CONTENT_SCREEN_TEXTS.approvedUnslotted;
      toastWithUndo(said, () => void undo());
      // The result is the toast's Undo (the buttons pressed are gone once the post is no longer a
      // draft), else the card.
      focusNewUndo(undoBefore, () => card.current);
    } catch (error) {
      if (!isSessionEnded(error)) {
        toast.error(
          failureText(decision === 'approved' ? 'approve content' : 'reject content', error),
        );
      }
    } finally {
      setPending(null);
    }
  };

  return (
    <li
      ref={card}
      // Focused as the result of an action on it (generated, approved, sent to the AI).
      tabIndex={-1}
      className={clsx(
        cardClasses,
        'p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:p-5',
      )}
      aria-labelledby={headingId}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <PlatformIcon platform={platform} size="sm" />
          {/* On a phone the date goes under the name rather than wrapping beside it. */}
          <span className="min-w-0">
            {`${platformName(platform)} post `}
            <span data-testid="post-date" className="block font-normal text-slate-500 sm:inline">
              <span className="hidden sm:inline">{'· '}</span>
              {when(post.createdAt)}
            </span>
          </span>
        </h3>
        <ContentStatusBadge status={status} />
      </div>

      <div className="max-w-xl">
        <PostPreview platform={platform} text={post.content} images={images} account={account} />
      </div>

      {post.status === 'failed' ? (
        <div
          role="alert"
          className="mt-4 flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <IconXCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <div>
            <p className="font-semibold">{CONTENT_TEXTS.publishingFailed}</p>
            {post.publishError ? <p className="mt-0.5">{post.publishError}</p> : null}
          </div>
        </div>
      ) : null}

      {post.status === 'scheduled' && post.scheduledFor ? (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <IconClock aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span>
              {'Goes out '}
              <time dateTime={post.scheduledFor} className="font-medium text-slate-900">
                {slotText(post.scheduledFor, campaign.schedule.timeZone)}
              </time>
              {post.slotReason ? (
                <span data-testid="slot-reason" className="block text-slate-600">
                  {slotReasonLine(post.slotReason)}
                </span>
              ) : null}
            </span>
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setMoving(true)}
            aria-describedby={headingId}
          >
            Move or publish now
          </Button>
        </div>
      ) : null}
      {moving ? (
        <MovePostDialog
          campaign={campaign}
          post={post}
          onMoved={onChanged}
          onClose={() => setMoving(false)}
        />
      ) : null}

      {post.status === 'published' && post.publishedAt ? (
        <p className="mt-4 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <IconCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          <span>
            {'Published '}
            <time dateTime={post.publishedAt}>
              {slotText(post.publishedAt, campaign.schedule.timeZone)}
            </time>
          </span>
          {post.postUrl ? (
            <a
              href={post.postUrl}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              {`View on ${platformName(platform)}`}
            </a>
          ) : null}
        </p>
      ) : null}
      {post.status === 'published' ? (
        <PostResults
          className="mt-3 max-w-xl"
          timeZone={campaign.schedule.timeZone}
          results={
            post.results
              ? {
                  impressions: post.results.impressions,
                  engagements: post.results.engagements,
                  asOf: post.results.collectedAt,
                }
              : null
          }
        />
      ) : null}

      {revision ? (
        <GenerationProgress
          generation={revision.generation}
          label={CONTENT_SCREEN_TEXTS.revising}
          className="mt-4"
        />
      ) : null}

      <History entries={post.modificationHistory} />

      {reviewedElsewhere && !isReviewable(post.status) ? (
        <p role="status" className="mt-4 text-sm font-medium text-slate-600">
          {CONTENT_SCREEN_TEXTS.reviewedElsewhere}
        </p>
      ) : null}

      {mediaProblem ? (
        <p
          id={mediaProblemId}
          className="mt-4 flex gap-2 rounded-lg bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          <IconWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          {mediaProblem}
        </p>
      ) : null}

      {reviewable ? (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            onClick={() => void decide('approved')}
            loading={pending === 'approved'}
            // Request Changes offers the campaign's images: the way to mend it.
            disabled={pending !== null || mediaProblem !== null}
            aria-describedby={clsx(headingId, mediaProblem && mediaProblemId)}
          >
            <IconCheck aria-hidden="true" className="size-4" />
            {CONTENT_SCREEN_TEXTS.approve}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setModifyStep('choose')}
            // The forms start loading as the pointer or focus reaches the button.
            onPointerEnter={preloadModifyDialogs}
            onFocus={preloadModifyDialogs}
            disabled={pending !== null}
            aria-describedby={headingId}
          >
            <IconPencil aria-hidden="true" className="size-4" />
            {CONTENT_SCREEN_TEXTS.requestChanges}
          </Button>
          <Button
            variant="danger-ghost"
            onClick={() => void decide('rejected')}
            loading={pending === 'rejected'}
            disabled={pending !== null}
            aria-describedby={headingId}
          >
            <IconClose aria-hidden="true" className="size-4" />
            {CONTENT_SCREEN_TEXTS.reject}
          </Button>
        </div>
      ) : null}

      {modifyStep ? (
        <Suspense fallback={null}>
          <ModifyDialogs
            step={modifyStep}
            onStep={setModifyStep}
            campaign={campaign}
            post={post}
            account={account}
            onClose={() => setModifyStep(null)}
            onSent={({ content, generationId }) => {
              setModifyStep(null);
              onChanged(content);
              // The card, now showing the revision under way, is the result; the button that
              // opened the dialog is gone.
              focusCard();
              if (generationId) onRevisionStarted(generationId);
            }}
          />
        </Suspense>
      ) : null}
    </li>
  );
}
