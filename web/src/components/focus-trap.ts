const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(', ');

/**
 * The elements Tab stops on inside `container`, in document order. Read afresh on every key
 * press, so fields that appear after the dialog opened (the code step of phone verification)
 * are part of the cycle; hidden or inert parts and tabindex="-1" are not.
 */
export const tabbableElements = (container: HTMLElement): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      element.getAttribute('tabindex') !== '-1' &&
      !element.closest('[hidden], [inert], fieldset:disabled'),
  );

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last stop Tab wraps to the first, from
 * the first Shift+Tab wraps to the last, and focus found outside comes back in.
 */
export const keepTabWithin = (event: KeyboardEvent, container: HTMLElement): void => {
  if (event.key !== 'Tab') return;
  const stops = tabbableElements(container);
  if (stops.length === 0) {
    event.preventDefault();
    container.focus();
    return;
  }
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === first || active === container || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
};
