import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import clsx from 'clsx';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GeneratedContent } from '#shared/contract/content';
import { zoneName } from '#shared/domain/time-zones';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button } from '#web/components/button';
import { CompanyLoadError, CompanyPageSkeleton } from '#web/components/company-page-states';
import { IconArrowLeft, IconCalendar, IconChevronRight } from '#web/components/icons';
import type { ModifyStep } from '#web/components/modify-dialogs';
import { MovePostDialog } from '#web/components/move-post-dialog';
import { PageHeader } from '#web/components/page-header';
import { previewAccountFor } from '#web/components/post-preview';
import { RetryAlert } from '#web/components/retry-alert';
import { Skeleton } from '#web/components/skeleton';
import { useCompany } from '#web/lib/api/get-company';
import { usePlatformCredentials } from '#web/lib/api/list-platform-credentials';
import { importWithTimeout } from '#web/lib/lazy-import';
import { useMediaQuery } from '#web/lib/use-media-query';
import { useRouteCompanyId } from '#web/lib/use-route-company-id';
import { useCompanyDrafts } from './api/list-company-drafts';
import { useCompanyPosts } from './api/list-company-posts';
import { usePostCampaigns } from './api/post-campaigns';
import {
  CALENDAR_VIEWS,
  dayKeyOf,
  dayTitle,
  parseDayKey,
  postTime,
  rangeTitle,
  shiftAnchor,
  visibleDays,
  windowOf,
  type CalendarView,
  type DayKey,
} from './calendar-dates';
import { CALENDAR_TEXTS } from './calendar-texts';
import { dayStepCoordinates } from './day-keys';
import { AgendaList } from './components/agenda-list';
import { CalendarGrid } from './components/calendar-grid';
import { CalendarPost } from './components/calendar-post';
import { NeedsReview } from './components/needs-review';
import { useCalendarActions } from './use-calendar-actions';

// The forms bring zod and react-hook-form: loaded when Request Changes is first pressed.
const ModifyDialogs = lazy(() =>
  importWithTimeout(() => import('#web/components/modify-dialogs')).then((module) => ({
    default: module.ModifyDialogs,
  })),
);

const VIEW_LABELS: Record<CalendarView, string> = { week: 'Week', month: 'Month' };

/** Below this width the calendar is a day-by-day list. */
const PHONE = '(max-width: 767px)';

const LOAD_PLATFORMS_FAILED = 'Failed to load connected platforms. Please try again.';

/** `?view=month&date=2026-11-27`: the view and a day it shows (today without one). */
const useCalendarPlace = (timeZone: string | undefined) => {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = (CALENDAR_VIEWS as readonly string[]).includes(
    params.get('view') ?? '',
  )
    ? (params.get('view') as CalendarView)
    : 'week';
  const today = timeZone ? dayKeyOf(new Date(), timeZone) : '';
  const anchor = parseDayKey(params.get('date')) ?? today;
  const go = (next: { view?: CalendarView; date?: DayKey }) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        const nextView = next.view ?? view;
        const nextDate = next.date ?? anchor;
        if (nextView === 'week') changed.delete('view');
        else changed.set('view', nextView);
        if (nextDate === today) changed.delete('date');
        else changed.set('date', nextDate);
        return changed;
      },
      { replace: true },
    );
  return { view, anchor, today, go };
};

/** The posts of the window by the day they stand on, each day's in time order. */
const byDay = (posts: readonly GeneratedContent[], timeZone: string) => {
  const days = new Map<DayKey, GeneratedContent[]>();
  const timed = posts
    .map((post) => ({ post, at: postTime(post) }))
    .filter((entry): entry is { post: GeneratedContent; at: string } => entry.at !== null)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (const { post, at } of timed) {
    const day = dayKeyOf(at, timeZone);
    days.set(day, [...(days.get(day) ?? []), post]);
  }
  return days;
};

/**
 * The company's calendar: every scheduled, published and failed post of every campaign by week or
 * month in the company's zone (a day-by-day list on a phone), and beside it the drafts waiting
 * for review.
 */
export function CalendarPage() {
  const companyId = useRouteCompanyId();
  const { company, error: companyError } = useCompany(companyId);
  if (companyError) return <CompanyLoadError message={companyError} />;
  if (!company || !companyId) return <CompanyPageSkeleton label={CALENDAR_TEXTS.loading} />;
  return (
    <CompanyCalendar companyId={companyId} companyName={company.name} timeZone={company.timeZone} />
  );
}

function CompanyCalendar({
  companyId,
  companyName,
  timeZone,
}: {
  companyId: string;
  companyName: string;
  timeZone: string;
}) {
  const phone = useMediaQuery(PHONE);
  const { view, anchor, today, go } = useCalendarPlace(timeZone);
  const days = useMemo(() => visibleDays(view, anchor, timeZone), [view, anchor, timeZone]);
  const span = useMemo(() => windowOf(days, timeZone), [days, timeZone]);
  const { posts, isLoading, isChanging, failed, retry } = useCompanyPosts(companyId, span);
  const drafts = useCompanyDrafts(companyId);
  const campaigns = usePostCampaigns([
    ...(posts ?? []).map((post) => post.campaignId),
    ...(drafts.waiting?.drafts ?? []).map((post) => post.campaignId),
  ]);
  const { credentials } = usePlatformCredentials(companyId, {
    failureToast: LOAD_PLATFORMS_FAILED,
  });
  const actions = useCalendarActions(companyId, timeZone);

  const postsByDay = useMemo(() => byDay(posts ?? [], timeZone), [posts, timeZone]);
  const shownCount = days.reduce((sum, day) => sum + (postsByDay.get(day)?.length ?? 0), 0);

  const [moveOf, setMoveOf] = useState<GeneratedContent | null>(null);
  const [changesTo, setChangesTo] = useState<{ post: GeneratedContent; step: ModifyStep } | null>(
    null,
  );
  const [dragged, setDragged] = useState<GeneratedContent | null>(null);

  const postOf = (id: unknown) => (posts ?? []).find((post) => post._id === id);
  const sensors = useSensors(
    // A click on a post's words or actions is not a drag: one starts after 6 px of movement.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: dayStepCoordinates(days, (id) => {
        const at = postOf(id);
        const time = at ? postTime(at) : null;
        return time ? dayKeyOf(time, timeZone) : undefined;
      }),
    }),
  );

  const announcements: Announcements = {
    onDragStart: () => 'Picked up the post. Use the arrow keys to choose a day.',
    onDragOver: ({ over }) =>
      over ? `Over ${dayTitle(String(over.id), timeZone)}.` : 'Not over a day.',
    onDragEnd: ({ over }) =>
      over ? `Dropped on ${dayTitle(String(over.id), timeZone)}.` : 'Put back where it was.',
    onDragCancel: () => 'Put back where it was.',
  };
  const onDragStart = ({ active }: DragStartEvent) => setDragged(postOf(active.id) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const post = postOf(active.id);
    if (post && over) actions.dropOn(post, String(over.id));
  };

  const renderPost = (layout: 'week' | 'month' | 'agenda') => (post: GeneratedContent) => (
    <CalendarPost
      post={post}
      campaign={campaigns.get(post.campaignId)}
      companyId={companyId}
      timeZone={timeZone}
      layout={layout}
      onMove={setMoveOf}
      moving={actions.moving === post._id}
    />
  );

  const moveCampaign = moveOf ? campaigns.get(moveOf.campaignId) : undefined;
  const changesCampaign = changesTo ? campaigns.get(changesTo.post.campaignId) : undefined;
  const reviewable = (drafts.waiting?.drafts ?? []).filter(
    (draft) => !(draft.status === 'modify' && draft.revisionId !== null),
  );

  const calendar = () => {
    if (failed) {
      return <RetryAlert onRetry={retry}>{CALENDAR_TEXTS.loadFailed}</RetryAlert>;
    }
    if (isLoading || !posts) return <CalendarSkeleton />;
    const empty =
      shownCount === 0 ? (
        <div className="mb-3 flex items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <IconCalendar aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-slate-900">{CALENDAR_TEXTS.empty(view)}</p>
            <p className="text-sm text-slate-600">{CALENDAR_TEXTS.emptyHint}</p>
          </div>
        </div>
      ) : null;
    if (phone) {
      return (
        <>
          {empty}
          <AgendaList
            days={days}
            today={today}
            timeZone={timeZone}
            postsByDay={postsByDay}
            renderPost={renderPost('agenda')}
          />
        </>
      );
    }
    return (
      <>
        {empty}
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable:
                'To move this post to another day, press Space, then the arrow keys (a day left or right, a week up or down), then Space to drop it or Escape to cancel. Or use its Move button.',
            },
          }}
        >
          <CalendarGrid
            view={view}
            days={days}
            anchor={anchor}
            today={today}
            timeZone={timeZone}
            postsByDay={postsByDay}
            renderPost={renderPost(view)}
            onShowDay={(day) => go({ view: 'week', date: day })}
          />
          <DragOverlay dropAnimation={null}>
            {dragged ? (
              <div className="w-32 rotate-1 shadow-lg">{renderPost('week')(dragged)}</div>
            ) : null}
          </DragOverlay>
        </DndContext>
      </>
    );
  };

  return (
    <>
      <title>{`${CALENDAR_TEXTS.title} · ${companyName} · Sailpost`}</title>
      <PageHeader
        breadcrumb={
          <Breadcrumb
            items={[
              { label: companyName, path: `/dashboard/company/${companyId}` },
              { label: CALENDAR_TEXTS.title },
            ]}
          />
        }
        title={CALENDAR_TEXTS.title}
        description={`Every campaign’s posts, in ${zoneName(timeZone)}.`}
      />

      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_17rem]">
        <section aria-labelledby="calendar-range" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => go({ date: today })}
                disabled={days.includes(today)}
              >
                Today
              </Button>
              <div className="flex">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Previous ${view}`}
                  onClick={() => go({ date: shiftAnchor(view, anchor, -1, timeZone) })}
                >
                  <IconArrowLeft aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Next ${view}`}
                  onClick={() => go({ date: shiftAnchor(view, anchor, 1, timeZone) })}
                >
                  <IconChevronRight aria-hidden="true" className="size-4" />
                </Button>
              </div>
              <h2
                id="calendar-range"
                aria-live="polite"
                className="text-base font-semibold text-slate-900 sm:text-lg"
              >
                {rangeTitle(view, anchor, timeZone)}
              </h2>
              {isChanging ? <span className="sr-only">{CALENDAR_TEXTS.loading}</span> : null}
            </div>
            <div
              role="group"
              aria-label="View"
              className="inline-flex rounded-lg bg-slate-100 p-0.5 text-sm font-medium"
            >
              {CALENDAR_VIEWS.map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={view === option}
                  onClick={() => go({ view: option })}
                  className={clsx(
                    'rounded-md px-3 py-1.5 transition-colors',
                    view === option
                      ? 'bg-white text-slate-900 shadow-xs'
                      : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  {VIEW_LABELS[option]}
                </button>
              ))}
            </div>
          </div>
          <div className={clsx(isChanging && 'opacity-60 transition-opacity')}>{calendar()}</div>
        </section>

        <aside className="min-w-0">
          <NeedsReview
            companyId={companyId}
            timeZone={timeZone}
            drafts={drafts.waiting?.drafts}
            more={drafts.waiting?.more ?? false}
            isLoading={drafts.isLoading}
            failed={drafts.failed}
            onRetry={drafts.retry}
            campaigns={campaigns}
            busy={actions.reviewing}
            onApprove={actions.approve}
            onRequestChanges={(post) => setChangesTo({ post, step: 'choose' })}
            onApproveAll={() => actions.approveAll(reviewable)}
            outcomes={actions.outcomes}
            onDismissOutcomes={actions.dismissOutcomes}
          />
        </aside>
      </div>

      {moveOf && moveCampaign ? (
        <MovePostDialog
          campaign={moveCampaign}
          post={moveOf}
          onMoved={() => undefined}
          onClose={() => {
            actions.changed(moveOf);
            setMoveOf(null);
          }}
        />
      ) : null}
      {changesTo && changesCampaign ? (
        <Suspense fallback={null}>
          <ModifyDialogs
            step={changesTo.step}
            onStep={(step) => setChangesTo({ ...changesTo, step })}
            campaign={changesCampaign}
            post={changesTo.post}
            account={previewAccountFor(
              changesTo.post.metadata.params.platform,
              credentials,
              companyName,
            )}
            onClose={() => setChangesTo(null)}
            onSent={() => {
              actions.changed(changesTo.post);
              setChangesTo(null);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function CalendarSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        {CALENDAR_TEXTS.loading}
      </p>
      <div
        aria-hidden="true"
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
      >
        <div className="grid grid-cols-7 gap-2 border-b border-slate-200 bg-slate-50 p-2">
          {[0, 1, 2, 3, 4, 5, 6].map((day) => (
            <Skeleton key={day} className="mx-auto h-3 w-8" />
          ))}
        </div>
        <div className="grid grid-cols-7 gap-2 p-2">
          {[0, 1, 2, 3, 4, 5, 6].map((day) => (
            <div key={day} className="min-h-56 space-y-2">
              <Skeleton className="size-6 rounded-full" />
              {day % 2 === 0 ? <Skeleton className="h-16 w-full rounded-lg" /> : null}
              {day % 3 === 0 ? <Skeleton className="h-16 w-full rounded-lg" /> : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
