import { useCallback, useEffect, useState } from 'react';

interface Clock {
  /** When the countdown ends, as a Date.now() instant; null when none runs. */
  until: number | null;
  /** The last tick. */
  now: number;
}

/**
 * A countdown in whole seconds that ticks each second: `start(25)` → 25, 24, … 0. For waits the
 * server names (a 429's Retry-After).
 */
export const useCountdown = () => {
  const [clock, setClock] = useState<Clock>({ until: null, now: 0 });
  const { until } = clock;
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock({ until: now >= until ? null : until, now });
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  }, []);
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - clock.now) / 1000));
  return { secondsLeft, start };
};

/** "0:25", "1:05": a short wait as a clock reads it. */
export const clockText = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
