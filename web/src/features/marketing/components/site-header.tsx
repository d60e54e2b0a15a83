import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { IconClose, IconMenu } from '#web/components/icons';
import { Logo } from '#web/components/logo';
import { useSession } from '#web/lib/session';

const sections = [
  { href: '/#how-it-works', label: 'How it works' },
  { href: '/#platforms', label: 'Platforms' },
  { href: '/#pricing', label: 'Pricing' },
];

/**
 * Below 768 px the section links and Log in fold into a menu under the header: a disclosure
 * (the button says whether it is open), closed by Escape — focus back on the button —, by a tap
 * outside, or by following a link. Written by hand: a menu library would weigh more than the
 * rest of the header in the landing page's first JavaScript.
 */
function MobileMenu({ signedIn }: { signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || button.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const linkClasses =
    'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900';

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {open ? <IconClose className="size-6" /> : <IconMenu className="size-6" />}
      </button>
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg shadow-slate-900/5"
      >
        <nav aria-label="Menu" className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          <ul className="space-y-1">
            {sections.map((section) => (
              <li key={section.href}>
                <a href={section.href} onClick={close} className={linkClasses}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-slate-100 pt-3">
            {signedIn ? (
              <Link to="/dashboard" onClick={close} className={linkClasses}>
                Go to Dashboard
              </Link>
            ) : (
              <Link to="/login" onClick={close} className={linkClasses}>
                Log in
              </Link>
            )}
          </div>
        </nav>
      </div>
    </div>
  );
}

/** The public site's header: Log in / Get started, or 'Go to Dashboard' when signed in. */
export function SiteHeader() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-8 md:flex">
          {sections.map((section) => (
            <a
              key={section.href}
              href={section.href}
              className="rounded text-sm font-medium text-slate-600 hover:text-slate-900"
            >
              {section.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {signedIn ? (
            <Link to="/dashboard" className={buttonClasses({ size: 'sm' })}>
              Go to Dashboard
            </Link>
          ) : (
            <>
              <Link
                to="/login"
                className={clsx(buttonClasses({ variant: 'ghost', size: 'sm' }), 'max-md:hidden')}
              >
                Log in
              </Link>
              <Link to="/register" className={buttonClasses({ size: 'sm' })}>
                Get started
              </Link>
            </>
          )}
          <MobileMenu signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}
