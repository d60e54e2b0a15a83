import type { ReactNode } from 'react';

interface AppFrameProps {
  /** The sidebar's contents, fixed at the left from 1024 px. */
  sidebar: ReactNode;
  /** The top bar's contents below 1024 px (menu button, title, mark). */
  topBar: ReactNode;
  /** Whatever opens over the page below 1024 px (the mobile menu). */
  overlay?: ReactNode;
  /** While the overlay is open the page behind it is out of reach (keyboard, screen readers). */
  inert?: boolean;
  children: ReactNode;
}

/**
 * The signed-in frame's boxes, shared by the live layout and the shell painted while the session
 * loads (and prerendered for /dashboard), so that one turning into the other moves nothing.
 */
export function AppFrame({ sidebar, topBar, overlay, inert = false, children }: AppFrameProps) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#main"
        inert={inert}
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      <aside className="hidden border-r border-slate-200 bg-white lg:fixed lg:inset-y-0 lg:left-0 lg:z-30 lg:block lg:w-64">
        {sidebar}
      </aside>

      <header
        inert={inert}
        className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/95 px-3 backdrop-blur lg:hidden"
      >
        {topBar}
      </header>

      {overlay}

      <main id="main" tabIndex={-1} inert={inert} className="outline-none lg:pl-64">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-10">
          {children}
        </div>
      </main>
    </div>
  );
}

/** The top bar's title; the same box whether the menu button beside it works yet or not. */
export function TopBarTitle({ children }: { children: ReactNode }) {
  return (
    <p className="min-w-0 flex-1 truncate text-base font-semibold text-slate-900">{children}</p>
  );
}

/** The menu button's look, for the live button and the shell's placeholder. */
export const MENU_BUTTON_CLASSES =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100';
