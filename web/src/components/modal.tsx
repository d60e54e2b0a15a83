import clsx from 'clsx';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { IconClose } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
 * An accessible modal dialog: rendered over the page in a portal, focus moves in and stays in
 * (Tab wraps), Escape or the backdrop close it, and focus returns to where it was on closing.
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
  const busyRef = useRef(busy);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    busyRef.current = busy;
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const returnTo = document.activeElement as HTMLElement | null;
    // The dialog's content first, then its buttons; the close button only when nothing else is.
    const within = (part: string) =>
      panel.current?.querySelector(part)?.querySelector<HTMLElement>(FOCUSABLE);
    const first =
      initialFocus?.current ??
      within('[data-modal-body]') ??
      within('[data-modal-footer]') ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (!busyRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const firstElement = focusable[0]!;
      const lastElement = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstElement || !panel.current.contains(active))) {
        event.preventDefault();
        lastElement.focus();
      } else if (!event.shiftKey && (active === lastElement || !panel.current.contains(active))) {
        event.preventDefault();
        firstElement.focus();
      }
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKeyDown);
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
          <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">
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
