import { useDroppable } from '@dnd-kit/core';
import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import type { GeneratedContent } from '#shared/contract/content';
import { TIMED_CONTENT_STATUSES } from '#shared/domain/content';
import {
  dayOfMonth,
  dayTitle,
  monthOf,
  weekdayShort,
  type CalendarView,
  type DayKey,
} from '../calendar-dates';
import { CALENDAR_TEXTS, MONTH_DAY_POSTS, TIMED_STATUS } from '../calendar-texts';

interface CalendarGridProps {
  view: CalendarView;
  days: readonly DayKey[];
  /** The view's anchor: its month's days stand out in the month view. */
  anchor: DayKey;
  today: DayKey;
  timeZone: string;
  postsByDay: ReadonlyMap<DayKey, GeneratedContent[]>;
  renderPost: (post: GeneratedContent) => ReactNode;
  /** Opens a month's crowded day as its week. */
  onShowDay: (day: DayKey) => void;
}

/**
 * The week (one row of seven days) or the month (its whole weeks): each day a drop target with
 * its heading and the list of its posts, so a screen reader moves from day to day by heading.
 */
export function CalendarGrid({
  view,
  days,
  anchor,
  today,
  timeZone,
  postsByDay,
  renderPost,
  onShowDay,
}: CalendarGridProps) {
  return (
    <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs">
      <div
        aria-hidden="true"
        className="grid grid-cols-7 border-b border-slate-200 bg-slate-50 text-center text-xs font-semibold tracking-wide text-slate-600 uppercase"
      >
        {days.slice(0, 7).map((day) => (
          <div key={day} className="py-2">
            {weekdayShort(day, timeZone)}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7 divide-x divide-slate-100">
        {days.map((day, index) => (
          <DayCell
            key={day}
            view={view}
            day={day}
            timeZone={timeZone}
            isToday={day === today}
            outside={view === 'month' && monthOf(day) !== monthOf(anchor)}
            firstOfRow={index % 7 === 0}
            posts={postsByDay.get(day) ?? []}
            renderPost={renderPost}
            onShowDay={onShowDay}
          />
        ))}
      </ol>
      <StatusLegend />
    </div>
  );
}

/** What the colours of the posts say. */
function StatusLegend() {
  return (
    <ul
      aria-label="Status colours"
      className="flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-200 bg-slate-50 px-3 py-2 text-xs text-slate-600"
    >
      {TIMED_CONTENT_STATUSES.map((status) => (
        <li key={status} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={clsx('size-2 rounded-full', TIMED_STATUS[status].dot)}
          />
          {TIMED_STATUS[status].label}
        </li>
      ))}
    </ul>
  );
}

function DayCell({
  view,
  day,
  timeZone,
  isToday,
  outside,
  firstOfRow,
  posts,
  renderPost,
  onShowDay,
}: {
  view: CalendarView;
  day: DayKey;
  timeZone: string;
  isToday: boolean;
  outside: boolean;
  firstOfRow: boolean;
  posts: GeneratedContent[];
  renderPost: (post: GeneratedContent) => ReactNode;
  onShowDay: (day: DayKey) => void;
}) {
  const headingId = useId();
  const { setNodeRef, isOver } = useDroppable({ id: day });
  const shown = view === 'month' ? posts.slice(0, MONTH_DAY_POSTS) : posts;
  const hidden = posts.length - shown.length;
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-day={day}
      aria-current={isToday ? 'date' : undefined}
      className={clsx(
        'min-w-0 border-t border-slate-100 p-1 transition-colors',
        firstOfRow && 'border-l-0',
        view === 'week' ? 'min-h-80' : 'min-h-28',
        outside && 'bg-slate-50/70',
        isToday && 'bg-brand-50/40',
        isOver && 'bg-brand-50 ring-2 ring-brand-300 ring-inset',
      )}
    >
      <h3 id={headingId} className="mb-1.5 flex items-center gap-1.5 px-0.5">
        <span className="sr-only">
          {dayTitle(day, timeZone)}
          {isToday ? ', today' : ''}
          {posts.length ? `, ${posts.length} ${posts.length === 1 ? 'post' : 'posts'}` : ''}
        </span>
        <span
          aria-hidden="true"
          className={clsx(
            'inline-flex size-7 items-center justify-center rounded-full text-sm font-semibold',
            isToday ? 'bg-brand-600 text-white' : outside ? 'text-slate-500' : 'text-slate-800',
          )}
        >
          {dayOfMonth(day, timeZone)}
        </span>
        {isToday ? (
          <span aria-hidden="true" className="text-xs font-semibold text-brand-700">
            Today
          </span>
        ) : null}
      </h3>
      {shown.length ? (
        <ul className="space-y-1.5">
          {shown.map((post) => (
            <li key={post._id}>{renderPost(post)}</li>
          ))}
        </ul>
      ) : null}
      {hidden > 0 ? (
        <button
          type="button"
          onClick={() => onShowDay(day)}
          className="mt-1 w-full rounded px-1 text-left text-[11px] font-semibold text-brand-700 hover:bg-brand-50"
          aria-label={`${CALENDAR_TEXTS.moreOnDay(hidden)} on ${dayTitle(day, timeZone)}: show its week`}
        >
          {CALENDAR_TEXTS.moreOnDay(hidden)}
        </button>
      ) : null}
    </li>
  );
}
