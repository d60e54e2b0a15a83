import { Link } from 'react-router';
import { Card } from '#web/components/card';
import { IconWarning } from '#web/components/icons';
import { Logo } from '#web/components/logo';
import { Spinner } from '#web/components/spinner';

/**
 * What the sign-in return screens show: a spinner while working, or what went wrong (with the
 * server's explanation as `detail` when it gave one).
 */
export function CallbackStatus({
  failure,
  detail = null,
}: {
  failure: string | null;
  detail?: string | null;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4">
      <title>Signing in · Sailpost</title>
      <Logo className="mb-8" />
      <Card className="w-full max-w-sm p-8 text-center">
        {failure ? (
          <>
            <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
              <IconWarning className="size-6" />
            </div>
            <p role="alert" className="mt-4 text-base font-semibold text-slate-900">
              {failure}
            </p>
            {detail ? <p className="mt-2 text-sm text-slate-700">{detail}</p> : null}
            <p className="mt-2 text-sm text-slate-600">Taking you back to the login page…</p>
            <Link
              to="/login"
              replace
              className="mt-4 inline-block rounded text-sm font-semibold text-brand-600 hover:underline"
            >
              Go to login now
            </Link>
          </>
        ) : (
          <>
            <div className="flex justify-center text-brand-600">
              <Spinner label="Authenticating" size="lg" />
            </div>
            <p className="mt-4 text-base font-medium text-slate-800">Authenticating…</p>
            <p className="mt-1 text-sm text-slate-500">Signing you in to Sailpost.</p>
          </>
        )}
      </Card>
    </main>
  );
}
