import type { ReactNode } from 'react';

/** One step of a page's tour, as a screen writes it; the runner turns it into the library's. */
export interface TourStep {
  /** The `data-tour` name of the element the step points at (see `tourTarget`). */
  target: string;
  title: string;
  content: ReactNode;
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'auto';
  /** The element lives in the sidebar: below 1024 px the menu opens before the step shows. */
  inSidebar?: boolean;
  /** Runs before the step shows, to bring its element into view (a tab selected, say). */
  before?: () => void;
}

/**
 * The attribute that makes an element a tour's target: `<div {...tourTarget('campaign-list')}>`.
 * Steps find their elements by it, never by classes or texts, which change with the look.
 */
export const tourTarget = (name: string) => ({ 'data-tour': name });

const isShown = (element: Element) => element.getClientRects().length > 0;

/**
 * The element a step points at: the first shown one with that name (the sidebar exists twice,
 * fixed from 1024 px and in the phone menu), else a hidden one, which the tour skips.
 */
export const findTourTarget = (name: string): HTMLElement | null => {
  const all = [...document.querySelectorAll<HTMLElement>(`[data-tour="${name}"]`)];
  return all.find(isShown) ?? all[0] ?? null;
};
