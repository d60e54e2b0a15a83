import { useEffect, useState } from 'react';

/** setTimeout's longest wait (about 24.8 days); a later instant is checked again then. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether `at` (epoch milliseconds) is still ahead; the component renders again the moment it
 * passes (a code that expires while its dialog is open).
 */
export const useStillAhead = (at: number | null): boolean => {
  const [checks, checkAgain] = useState(0);
  useEffect(() => {
    if (at === null) return;
    const wait = at - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(
      () => checkAgain((count) => count + 1),
      Math.min(wait, LONGEST_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [at, checks]);
  return at !== null && at > Date.now();
};
