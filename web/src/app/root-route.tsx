import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Consent and analytics are no part of the first screen: their code loads once it is shown. */
const AnalyticsGate = lazy(async () => ({
  default: (await import('./analytics-gate')).AnalyticsGate,
}));

function DeferredAnalytics() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <AnalyticsGate />
    </Suspense>
  ) : null;
}

/** The top of every screen: a thin progress bar while the next screen loads. */
export function RootRoute() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
        >
          <div className="h-full w-2/5 animate-progress bg-brand-600" />
        </div>
      ) : null}
      <Outlet />
      <ScrollRestoration />
      <DeferredAnalytics />
    </>
  );
}
