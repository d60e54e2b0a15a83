import clsx from 'clsx';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { keepTabWithin, tabbableElements } from './focus-trap';
import { IconClose } from './icons';

/** The element main.tsx renders the app into (web/index.html): inert while a dialog is open. */
const APP_ROOT_SELECTOR = '#root';

/**
 * Dialogs open now, the latest last. Only the top one answers keys and holds focus, so a dialog
 * opened from another closes alone on Escape.
 */
const openPanels: HTMLElement[] = [];

export interface ModalProps {
  /** Shown only while true; the dialog's state starts afresh each time it opens. */
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A line under the title; the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom right (stacked on narrow screens). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The element focused on opening; by default the first focusable one inside the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While true (a request in flight) Escape, the backdrop and the close button do nothing. */
  busy?: boolean;
  /** 'alertdialog' for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' };

/**
 * An accessible modal dialog: rendered over the page in a portal, labelled by its title; focus
 * moves in and stays in (Tab wraps), the page behind is inert, Escape or the backdrop close it,
 * and focus returns to where it was on closing.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
  busy = false,
  role = 'dialog',
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const bodyScrolls = useScrolls(body);
  const busyRef = useRef(busy);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    busyRef.current = busy;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const self = panel.current!;
    const returnTo = document.activeElement as HTMLElement | null;
    openPanels.push(self);
    const isTop = () => openPanels.at(-1) === self;

    // The page behind leaves the keyboard and the accessibility tree; toasts live outside it
    // (AppProviders portals them to <body>) and so are still announced.
    const appRoot = document.querySelector<HTMLElement>(APP_ROOT_SELECTOR);
    const rootWasInert = appRoot?.hasAttribute('inert') ?? true;
    if (appRoot && !rootWasInert) appRoot.setAttribute('inert', '');

    // The dialog's content first, then its buttons; the close button only when nothing else is.
    const within = (part: string) => {
      const region = self.querySelector<HTMLElement>(part);
      return region ? tabbableElements(region)[0] : undefined;
    };
    const firstStop = () =>
      within('[data-modal-body]') ?? within('[data-modal-footer]') ?? tabbableElements(self)[0];
    (initialFocus?.current ?? firstStop() ?? self).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (!busyRef.current) onCloseRef.current();
        return;
      }
      keepTabWithin(event, self);
    };
    // Focus that lands outside (a click on the browser's chrome and back) returns to the dialog.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !self.contains(event.target)) {
        (firstStop() ?? self).focus();
      }
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      openPanels.splice(openPanels.indexOf(self), 1);
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      // The opener can take focus only once the page is no longer inert.
      if (appRoot && !rootWasInert) appRoot.removeAttribute('inert');
      if (returnTo && document.contains(returnTo)) returnTo.focus();
    };
    // Runs once per opening: the dialog mounts when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-6">
      <div
        data-testid="modal-backdrop"
        aria-hidden="true"
        onClick={close}
        className="absolute inset-0 bg-slate-900/50"
      />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={clsx(
          'relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl',
          widths[size],
        )}
      >
        <div className="flex items-start gap-4 px-5 pt-5 sm:px-6 sm:pt-6">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={close}
            disabled={busy}
            aria-label="Close"
            className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
          >
            <IconClose className="size-5" />
          </button>
        </div>
        {children ? (
          <div
            ref={body}
            data-modal-body
            // Content taller than the screen scrolls: with no control inside to reach, the
            // keyboard needs the region itself as a stop to scroll it with the arrow keys.
            tabIndex={bodyScrolls ? 0 : undefined}
            role={bodyScrolls ? 'region' : undefined}
            aria-labelledby={bodyScrolls ? titleId : undefined}
            className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:-outline-offset-2 sm:px-6"
          >
            {children}
          </div>
        ) : (
          <div className="h-4" />
        )}
        {footer ? (
          <div
            data-modal-footer
            className="flex flex-col-reverse gap-3 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end sm:px-6"
          >
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Whether the element's content is taller than the element (watched as either resizes). */
function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
