import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';

export interface UnsavedChanges {
  /** The router's hold on a navigation away; 'blocked' while the owner is asked. */
  blocker: Blocker;
  /**
   * Lets the next navigation through without asking: call it when saving starts, since the page
   * navigates on success before the form re-renders as clean.
   */
  allowLeaving: () => void;
  /** Asks again after a failed save. */
  askBeforeLeaving: () => void;
}

/**
 * Holds navigation away from a form with unsaved edits (links, back and forward: the router's
 * blocker) and asks the browser to confirm a reload or closing the tab (`beforeunload`). Show the
 * question with `UnsavedChangesDialog`.
 */
export function useUnsavedChanges(hasUnsavedChanges: boolean): UnsavedChanges {
  const unsaved = useRef(hasUnsavedChanges);
  const leaving = useRef(false);
  useEffect(() => {
    unsaved.current = hasUnsavedChanges;
  }, [hasUnsavedChanges]);

  // Refs, not the render's value: a save navigates in the same tick it succeeds.
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        unsaved.current &&
        !leaving.current &&
        // Signing out (or a session that ended) goes to /login: nothing could be saved there.
        nextLocation.pathname !== '/login' &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search),
      [],
    ),
  );

  useEffect(() => {
    if (!hasUnsavedChanges) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [hasUnsavedChanges]);

  // The edits were undone (or saved in place) while the question was open: nothing to ask.
  useEffect(() => {
    if (!hasUnsavedChanges && blocker.state === 'blocked') blocker.proceed();
  }, [hasUnsavedChanges, blocker]);

  const allowLeaving = useCallback(() => {
    leaving.current = true;
  }, []);
  const askBeforeLeaving = useCallback(() => {
    leaving.current = false;
  }, []);
  return { blocker, allowLeaving, askBeforeLeaving };
}
