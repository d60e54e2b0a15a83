import clsx from 'clsx';
import { Link } from 'react-router';
import { Alert } from '#web/components/alert';
import { buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { Skeleton } from '#web/components/skeleton';

/** A company page while its company loads. */
export function CompanyPageSkeleton({ label = 'Loading company' }: { label?: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true">
        <Skeleton className="h-4 w-48" />
        <div className="mt-6 flex items-start gap-5">
          <Skeleton className="size-14 rounded-2xl" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-4 w-full max-w-xl" />
            <Skeleton className="h-4 w-40" />
          </div>
        </div>
        <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
          <div className={clsx(cardClasses, 'h-44')} />
          <div className={clsx(cardClasses, 'h-44')} />
        </div>
      </div>
    </div>
  );
}

/** A company page whose company failed to load (the hook also toasts and goes to /dashboard). */
export function CompanyLoadError({ message }: { message: string }) {
  return (
    <Alert
      tone="danger"
      action={
        <Link to="/dashboard" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          Go to Dashboard
        </Link>
      }
    >
      {message}
    </Alert>
  );
}
