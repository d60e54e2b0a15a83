/**
 * What the prerendered page's inline script (web/build/first-paint.ts) and the app share on #root
 * while the app takes the page over: a button pressed and what was typed before then, and that the
 * app has taken over.
 */
export const PENDING_CLICK = '__sailpostPendingClick';
export const TYPED = '__sailpostTyped';
export const HYDRATED = '__sailpostHydrated';

type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

type HandoffRoot = HTMLElement & {
  [PENDING_CLICK]?: HTMLElement;
  /** Each field typed into before hydration: its text, or whether it is ticked. */
  [TYPED]?: Map<FormField, string | boolean>;
  [HYDRATED]?: boolean;
};

/**
 * Puts back what was typed before the app took the page over: a form's state starts empty when
 * hydrated (react-hook-form writes its default values into the fields), so the text is written
 * again the way the browser writes it, and an input event tells React and the form about it.
 */
const restoreTyped = (field: FormField, typed: string | boolean) => {
  if (!field.isConnected) return;
  if (typeof typed === 'boolean') {
    if (field instanceof HTMLInputElement && field.checked !== typed) field.click();
    return;
  }
  if (typed === '') return;
  // The field may still show the text while the form's state is empty (a controlled field keeps
  // the prerendered text until its next render): React hears a change only against the value it
  // last saw, so the field is emptied through React's own setter, then given the text the way
  // the browser gives it.
  field.value = '';
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * Once the page is hydrated: what was typed into its fields is put back, and the button pressed
 * while it was not is pressed again (at most one).
 */
export const completeHandoff = (container: HTMLElement) => {
  const root = container as HandoffRoot;
  root[HYDRATED] = true;
  const typed = root[TYPED];
  delete root[TYPED];
  typed?.forEach((value, field) => restoreTyped(field, value));
  const pending = root[PENDING_CLICK];
  delete root[PENDING_CLICK];
  if (pending?.isConnected) pending.click();
};
