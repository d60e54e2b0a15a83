import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../components/button';
import { Card } from '../components/card';
import { IconWarning } from '../components/icons';

const describe = (error: unknown): string => {
  if (error instanceof Error && error.name === 'ChunkLoadError') {
    return 'This screen could not be loaded. Check your connection, then reload the page.';
  }
  return 'Something went wrong while showing this page. Reloading usually fixes it.';
};

const detailOf = (error: unknown): string | null => {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return null;
};

/** What a screen that failed to load or crashed shows instead: reload, or go home. */
export function RouteErrorFallback() {
  const error = useRouteError();
  const detail = detailOf(error);
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <title>Error · Sailpost</title>
      <Card className="w-full max-w-md p-8 text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <IconWarning className="size-6" />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-2 text-sm text-slate-600">{describe(error)}</p>
        {detail ? (
          <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-words text-slate-500">
            {detail}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <a href="/" className={buttonClasses({ variant: 'ghost' })}>
            Go to home page
          </a>
        </div>
      </Card>
    </div>
  );
}
