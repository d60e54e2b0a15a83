import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { DayKey } from './calendar-dates';

/** How far each arrow takes a post picked up by keyboard: a day, or a week. */
const DAY_STEPS: Record<string, number> = {
  ArrowRight: 1,
  ArrowLeft: -1,
  ArrowDown: 7,
  ArrowUp: -7,
};

/** Where a post lands inside a day: below the day's heading. */
const INSIDE_DAY = { x: 4, y: 36 };

/**
 * The keyboard's drag: each arrow moves the picked-up post to the next day (or week) of the
 * view, wherever the days are drawn, instead of dnd-kit's steps of 25 px. `startDay` is the day
 * the post stands on before it has been over any.
 */
export const dayStepCoordinates =
  (
    days: readonly DayKey[],
    startDay: (postId: string) => DayKey | undefined,
  ): KeyboardCoordinateGetter =>
  (event, { active, context }) => {
    const step = DAY_STEPS[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    const from = (context.over?.id as DayKey | undefined) ?? startDay(String(active));
    const index = from ? days.indexOf(from) : -1;
    if (index < 0) return undefined;
    const target = days[index + step];
    const rect = target ? context.droppableRects.get(target) : undefined;
    if (!rect) return undefined;
    return { x: rect.left + INSIDE_DAY.x, y: rect.top + INSIDE_DAY.y };
  };
