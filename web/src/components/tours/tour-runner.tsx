import { useEffect, useRef, useState } from 'react';
import { EVENTS, STATUS, useJoyride, type EventData, type Options, type Step } from 'react-joyride';
import { track } from '#web/lib/analytics';
import type { TourId } from '#web/lib/tours/tour-progress';
import { TourTooltip } from './tour-tooltip';
import { findTourTarget, type TourStep } from './tour-step';

/** The tour's look and motion, as the product fixes them. */
export const TOUR_OPTIONS = {
  primaryColor: '#4f46e5', // indigo-600, the app's brand colour
  zIndex: 1000,
  scrollOffset: 20,
  scrollDuration: 300,
  spotlightPadding: 10,
  width: 380,
  showProgress: true,
  buttons: ['back', 'skip', 'primary'],
  // The tooltip opens at once (no beacon to click first); a click beside it does not end it.
  skipBeacon: true,
  overlayClickAction: false,
  // Escape skips the whole tour (the tooltip's own handler), not only the step.
  dismissKeyAction: false,
} satisfies Partial<Options>;

export const TOUR_LOCALE = {
  back: 'Back',
  last: 'Finished',
  next: 'Next',
  nextWithProgress: 'Next ({current} of {total})',
  skip: 'Skip',
};

/** Below this width the sidebar is the menu behind the top bar's button (the app layout's lg). */
export const PHONE_QUERY = '(max-width: 1023.98px)';

/**
 * Below 1024 px the top bar (h-14) stays over the page as it scrolls: a step's element is
 * scrolled to the spec's 20 px below it, not behind it.
 */
const PHONE_TOP_BAR_PX = 56;

const MENU_BUTTON = 'menu-button';
const MENU_CLOSE = 'menu-close';

const isShown = (name: string) => Boolean(findTourTarget(name)?.getClientRects().length);

const isMenuOpen = () => isShown(MENU_CLOSE);

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Waits (up to a second) for the step's element to be shown; a missing one is then skipped. */
const untilShown = async (name: string) => {
  for (let tries = 0; tries < 20; tries++) {
    if (isShown(name)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const openMenu = async (target: string) => {
  if (!isMenuOpen()) findTourTarget(MENU_BUTTON)?.click();
  await untilShown(target);
};

const closeMenu = async () => {
  if (isMenuOpen()) findTourTarget(MENU_CLOSE)?.click();
  await nextFrame();
};

/**
 * The library's step for one of ours. On a phone, a step into the sidebar opens the menu first
 * and any other step closes it again, so the page behind is what the step points at.
 */
const toLibraryStep = (step: TourStep, phone: boolean): Step => ({
  target: () => findTourTarget(step.target),
  title: step.title,
  content: step.content,
  placement: step.placement ?? 'auto',
  data: { target: step.target },
  ...(phone ? { scrollOffset: TOUR_OPTIONS.scrollOffset + PHONE_TOP_BAR_PX } : {}),
  ...(phone || step.before
    ? {
        before: async () => {
          if (phone) await (step.inSidebar ? openMenu(step.target) : closeMenu());
          step.before?.();
          await untilShown(step.target);
        },
      }
    : {}),
});

export type TourEnd = 'finished' | 'skipped';

interface TourRunnerProps {
  tour: TourId;
  steps: readonly TourStep[];
  onEnd: (end: TourEnd) => void;
}

/** Plays one tour from its first step; loaded (with the library) only when a tour is due. */
export function TourRunner({ tour, steps, onEnd }: TourRunnerProps) {
  // The steps as the tour starts: a screen that renders again does not restart it.
  const [librarySteps] = useState(() =>
    steps.map((step) => toLibraryStep(step, window.matchMedia(PHONE_QUERY).matches)),
  );
  const latest = useRef({ tour, onEnd });
  useEffect(() => {
    latest.current = { tour, onEnd };
  });
  const [onEvent] = useState(() => (data: EventData) => {
    if (data.type === EVENTS.TARGET_NOT_FOUND) {
      const target = (data.step.data as { target?: string } | undefined)?.target ?? '';
      track('tour_target_not_found', { tour: latest.current.tour, step: data.index, target });
    }
    if (data.type === EVENTS.TOUR_END) {
      if (window.matchMedia(PHONE_QUERY).matches) void closeMenu();
      const { tour } = latest.current;
      if (data.status === STATUS.SKIPPED) track('tour_skip', { tour, step: data.index });
      else track('tour_complete', { tour });
      latest.current.onEnd(data.status === STATUS.SKIPPED ? 'skipped' : 'finished');
    }
  });
  const { Tour } = useJoyride({
    steps: librarySteps,
    run: true,
    continuous: true,
    scrollToFirstStep: true,
    options: TOUR_OPTIONS,
    locale: TOUR_LOCALE,
    tooltipComponent: TourTooltip,
    onEvent,
  });
  return Tour;
}
