import type { ClientRect, SensorContext } from '@dnd-kit/core';
import { describe, expect, it, vi } from 'vitest';
import { dayStepCoordinates } from './day-keys';

const days = Array.from(
  { length: 14 },
  (_, index) => `2026-11-${String(22 + index).padStart(2, '0')}`,
);

/** Two weeks of 100 × 200 px days, seven to a row. */
const rects = new Map<string, ClientRect>(
  days.map((day, index) => {
    const left = (index % 7) * 100;
    const top = Math.floor(index / 7) * 200;
    return [day, { left, top, width: 100, height: 200, right: left + 100, bottom: top + 200 }];
  }),
);

const press = (code: string, over: string | null = null) => {
  const event = { code, preventDefault: vi.fn() } as unknown as KeyboardEvent;
  const context = {
    over: over ? { id: over } : null,
    droppableRects: rects,
  } as unknown as SensorContext;
  const getter = dayStepCoordinates(days, (id) => (id === 'p1' ? '2026-11-27' : undefined));
  return {
    to: getter(event, { active: 'p1', context, currentCoordinates: { x: 0, y: 0 } }),
    event,
  };
};

describe('arrow keys on a picked-up post', () => {
  it('go a day left or right, a week up or down, from the day it is over', () => {
    // From its own day (Friday the 27th: the sixth of the first row).
    expect(press('ArrowRight').to).toEqual({ x: 604, y: 36 });
    expect(press('ArrowLeft').to).toEqual({ x: 404, y: 36 });
    expect(press('ArrowDown').to).toEqual({ x: 504, y: 236 });
    // From the day it is over now.
    expect(press('ArrowRight', '2026-11-28').to).toEqual({ x: 4, y: 236 });
    expect(press('ArrowUp', '2026-11-30').to).toEqual({ x: 104, y: 36 });
    expect(press('ArrowRight').event.preventDefault).toHaveBeenCalled();
  });

  it('stay put past the first or last day, and leave other keys alone', () => {
    expect(press('ArrowUp').to).toBeUndefined();
    expect(press('ArrowDown', '2026-11-30').to).toBeUndefined();
    const other = press('KeyA');
    expect(other.to).toBeUndefined();
    expect(other.event.preventDefault).not.toHaveBeenCalled();
  });
});
