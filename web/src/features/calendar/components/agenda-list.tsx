import clsx from 'clsx';
import type { ReactNode } from 'react';
import type { GeneratedContent } from '#shared/contract/content';
import { dayTitle, type DayKey } from '../calendar-dates';

/**
 * A phone's calendar: the days of the window that have posts, one after another, each under its
 * heading, today marked.
 */
export function AgendaList({
  days,
  today,
  timeZone,
  postsByDay,
  renderPost,
}: {
  days: readonly DayKey[];
  today: DayKey;
  timeZone: string;
  postsByDay: ReadonlyMap<DayKey, GeneratedContent[]>;
  renderPost: (post: GeneratedContent) => ReactNode;
}) {
  const busyDays = days.filter((day) => postsByDay.get(day)?.length);
  return (
    <ol data-layout="agenda" className="space-y-5">
      {busyDays.map((day) => {
        const isToday = day === today;
        return (
          <li key={day} data-day={day} aria-current={isToday ? 'date' : undefined}>
            <h3
              className={clsx(
                'mb-2 flex items-center gap-2 text-sm font-semibold',
                isToday ? 'text-brand-700' : 'text-slate-800',
              )}
            >
              {dayTitle(day, timeZone)}
              {isToday ? (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">
                  Today
                </span>
              ) : null}
            </h3>
            <ul className="space-y-2">
              {postsByDay.get(day)!.map((post) => (
                <li key={post._id}>{renderPost(post)}</li>
              ))}
            </ul>
          </li>
        );
      })}
    </ol>
  );
}
