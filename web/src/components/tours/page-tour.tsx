import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useUpdateUser } from '#web/lib/api/update-user';
import { useSession } from '#web/lib/session';
import {
  completedAfter,
  isTourDue,
  latestReplayRequest,
  rememberTourEnded,
  subscribeToReplays,
  type TourId,
} from '#web/lib/tours/tour-progress';
import type { TourEnd } from './tour-runner';
import type { TourStep } from './tour-step';

/** The runner and the tour library arrive only when a tour is about to play. */
const TourRunner = lazy(async () => ({ default: (await import('./tour-runner')).TourRunner }));

/** The app's root is inert while a dialog is open over the page: a tour waits for it to close. */
const subscribeToRootInert = (onChange: () => void) => {
  const root = document.getElementById('root');
  if (!root) return () => undefined;
  const observer = new MutationObserver(onChange);
  observer.observe(root, { attributes: true, attributeFilter: ['inert'] });
  return () => observer.disconnect();
};
const isRootInert = () => document.getElementById('root')?.inert ?? false;

interface PageTourProps {
  /** The page's tour; undefined while the page cannot tell which (its data still loading). */
  tour: TourId | undefined;
  steps: readonly TourStep[];
  /** False while the page still loads what the steps point at: the tour never starts before. */
  ready: boolean;
}

/**
 * A page's onboarding tour: it plays once, when the page has loaded and the account has not
 * completed it, and again when the page header's help icon asks. Finishing or skipping records it
 * on the account; a save that fails is only logged (the tour still stays away in this tab).
 */
export function PageTour({ tour, steps, ready }: PageTourProps) {
  const { user } = useSession();
  const saveUser = useUpdateUser();
  const dialogOpen = useSyncExternalStore(subscribeToRootInert, isRootInert, () => false);
  const replay = useSyncExternalStore(subscribeToReplays, latestReplayRequest, () => null);
  // A replay asked for before this page opened is not this page's to play.
  const [replaysSeen, setReplaysSeen] = useState(() => replay?.seq ?? 0);
  const [playing, setPlaying] = useState<{ tour: TourId; key: number } | null>(null);

  const canStart = ready && !dialogOpen && tour !== undefined && playing === null;
  const due = canStart && isTourDue(user?.completedTours, tour);
  const replayAsked = replay !== null && replay.seq > replaysSeen && replay.tour === tour;

  useEffect(() => {
    if (!canStart) return;
    if (replayAsked) {
      setReplaysSeen(replay.seq);
      setPlaying({ tour, key: replay.seq });
    } else if (due) {
      setPlaying({ tour, key: 0 });
    }
  }, [canStart, due, replayAsked, replay, tour]);

  const completedTours = user?.completedTours;
  const onEnd = useCallback(
    (_end: TourEnd) => {
      if (!playing) return;
      rememberTourEnded(playing.tour);
      setPlaying(null);
      const completed = completedTours ?? [];
      const next = completedAfter(completed, playing.tour);
      if (next.length === completed.length) return;
      saveUser({ completedTours: next as TourId[] }).catch((error: unknown) => {
        // The tour is not worth an error on screen; it is remembered as ended for this tab.
        console.error('Saving the completed tour failed', error);
      });
    },
    [playing, completedTours, saveUser],
  );

  if (!playing) return null;
  return (
    <Suspense fallback={null}>
      <TourRunner key={playing.key} tour={playing.tour} steps={steps} onEnd={onEnd} />
    </Suspense>
  );
}
