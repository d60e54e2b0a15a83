import type { TOUR_IDS } from '#shared/domain/users';

export type TourId = (typeof TOUR_IDS)[number];

/**
 * The ids a tour's end records: the dashboard with companies stands in for the first dashboard
 * too, so an owner who met Sailpost through it is not shown the no-company tour later.
 */
export const idsRecordedBy = (tour: TourId): TourId[] =>
  tour === 'company-dashboard' ? ['company-dashboard', 'dashboard'] : [tour];

/** The completed list after `tour` ends: what was there, and the ids its end records. */
export const completedAfter = (completed: readonly string[], tour: TourId): string[] => [
  ...new Set([...completed, ...idsRecordedBy(tour)]),
];

/**
 * Tours ended (finished or skipped) in this browser tab since it loaded. A save of the completed
 * list can fail; the tour still must not come back on the next visit to the page in this session.
 */
const endedThisSession = new Set<TourId>();

export const rememberTourEnded = (tour: TourId): void => {
  for (const id of idsRecordedBy(tour)) endedThisSession.add(id);
};

/** A tour runs once: not when the account has completed it, nor after it ended in this tab. */
export const isTourDue = (completed: readonly string[] | undefined, tour: TourId): boolean =>
  !!completed && !completed.includes(tour) && !endedThisSession.has(tour);

/** Replay tours (the profile) brings every tour back, in this tab too. */
export const forgetEndedTours = (): void => endedThisSession.clear();

type Listener = () => void;
const replayListeners = new Set<Listener>();
let replayRequest: { tour: TourId; seq: number } | null = null;

/** The help icon in a page header: plays that page's tour again, whether completed or not. */
export const requestTourReplay = (tour: TourId): void => {
  replayRequest = { tour, seq: (replayRequest?.seq ?? 0) + 1 };
  for (const listener of replayListeners) listener();
};

/** The latest replay asked for (null when none); its `seq` tells one request from the next. */
export const latestReplayRequest = () => replayRequest;

export const subscribeToReplays = (listener: Listener): (() => void) => {
  replayListeners.add(listener);
  return () => replayListeners.delete(listener);
};
