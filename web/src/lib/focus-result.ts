import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * The accessible name of a toast's Undo button. After an action whose toast offers Undo, focus
 * goes there: it is the one thing the owner may want next, and it is gone in seconds.
 */
export const UNDO_NAME = 'Undo';

/** How long an action's toast may take to appear (the toaster is loaded after the page). */
const UNDO_WAIT_MS = 600;
const UNDO_POLL_MS = 50;

const accessibleName = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();

/** The Undo buttons on screen now (a toast's, or an earlier toast's still shown). */
export const undoButtons = (): Set<HTMLElement> =>
  new Set(
    [...document.querySelectorAll<HTMLElement>('button')].filter(
      (button) => accessibleName(button) === UNDO_NAME,
    ),
  );

/**
 * Focuses the Undo button that appears after an action (one not among `before`, taken before
 * the action, so that an earlier toast's Undo is never the one focused); when none appears in a
 * moment, `fallback` (the result on the page) takes the focus instead.
 */
export const focusNewUndo = (
  before: ReadonlySet<HTMLElement>,
  fallback: () => HTMLElement | null | undefined,
): void => {
  const started = Date.now();
  const look = () => {
    const fresh = [...undoButtons()].find((button) => !before.has(button));
    if (fresh) {
      fresh.focus();
      return;
    }
    if (Date.now() - started < UNDO_WAIT_MS) {
      setTimeout(look, UNDO_POLL_MS);
      return;
    }
    const target = fallback();
    if (target?.isConnected) target.focus();
  };
  look();
};

/**
 * Focus for an element once asked: `request()` moves focus to `ref`'s element after the render
 * that follows (when a dialog that was open has closed and given the page back).
 */
export const useFocusRequest = <T extends HTMLElement>(ref: RefObject<T | null>): (() => void) => {
  const [requested, setRequested] = useState(0);
  useEffect(() => {
    if (requested > 0) ref.current?.focus();
  }, [requested, ref]);
  return useCallback(() => setRequested((count) => count + 1), []);
};

/** Navigation state that asks the page arrived at to focus its heading: the action's result. */
export const FOCUS_HEADING = { focusHeading: true } as const;

const asksForHeading = (state: unknown) =>
  typeof state === 'object' && state !== null && 'focusHeading' in state;

/**
 * A ref for a page's heading that focuses it when the page was reached by an action that
 * navigated with `FOCUS_HEADING` (a company just created): a screen reader then reads where the
 * owner is. Once per arrival; the heading needs `tabIndex={-1}`.
 */
export const useArrivalHeading = (): ((heading: HTMLElement | null) => void) => {
  const { key, state } = useLocation();
  const focusedOn = useRef<string | null>(null);
  return useCallback(
    (heading: HTMLElement | null) => {
      if (!heading || !asksForHeading(state) || focusedOn.current === key) return;
      focusedOn.current = key;
      heading.focus();
    },
    [key, state],
  );
};
