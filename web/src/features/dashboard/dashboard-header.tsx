import type { ReactNode } from 'react';
import { PageHeader } from '#web/components/page-header';

const DESCRIPTION = 'Here is where your companies, campaigns and drafts come together.';

const greeting = (hour: number) =>
  hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';

/** The dashboard's title and header: a greeting in the owner's own time of day. */
export function DashboardHeader({ firstName, help }: { firstName?: string; help?: ReactNode }) {
  return (
    <>
      <title>Dashboard · Sailpost</title>
      <PageHeader
        title={`${greeting(new Date().getHours())}${firstName ? `, ${firstName}` : ''}`}
        description={DESCRIPTION}
        help={help}
      />
    </>
  );
}

/**
 * The header before the session is known (and as the build prerenders it): the greeting needs
 * the owner's clock and name, so its line holds a placeholder of the same height meanwhile.
 */
export function DashboardHeaderShell() {
  return (
    <>
      <title>Dashboard · Sailpost</title>
      <PageHeader
        title={
          <>
            <span className="sr-only">Dashboard</span>
            <span
              aria-hidden="true"
              className="inline-block h-[0.9em] w-64 max-w-full animate-pulse rounded-md bg-slate-200/80 align-middle"
            />
          </>
        }
        description={DESCRIPTION}
      />
    </>
  );
}
