import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { SessionProvider } from '../features/auth/session-provider';

/** Data queries retry once and do not refetch on window focus (spec 1 §7). */
export const swrConfig: SWRConfiguration = {
  errorRetryCount: 1,
  revalidateOnFocus: false,
};

/** react-hot-toast's defaults are the spec's: durations, types and at most 20 at once. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <SessionProvider>
        {children}
        <Toaster position="top-center" toastOptions={{ className: 'text-sm' }} />
      </SessionProvider>
    </SWRConfig>
  );
}
