import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SessionProvider } from '../lib/session';

/** react-hot-toast's defaults are the spec's: durations, types and at most 20 at once. */
const Toaster = lazy(async () => {
  const { Toaster: HotToaster } = await import('react-hot-toast');
  return {
    default: () => <HotToaster position="top-center" toastOptions={{ className: 'text-sm' }} />,
  };
});

/**
 * The toasts mount after the first paint: their library is not needed to show a screen, and a
 * toast raised before they arrive waits in its store. Not rendering them on the first pass also
 * keeps the public pages' build-time HTML identical to their first render in the browser.
 * They sit outside the app's root, which an open dialog makes inert: a toast raised while a
 * dialog is open is still seen and announced.
 */
function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted
    ? createPortal(
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>,
        document.body,
      )
    : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <DeferredToaster />
    </SessionProvider>
  );
}
