import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { Logo } from '#web/components/logo';
import { HOME_PATH } from '#web/lib/navigation';
import { useSession } from '#web/lib/session';

/** Where to go from here: the dashboard when signed in, the home page or sign-in otherwise. */
function WaysOn() {
  const { status } = useSession();
  // Holds the buttons' place while the session is read, so nothing jumps when they appear.
  if (status === 'loading') return <div aria-hidden="true" className="h-12" />;
  if (status === 'authenticated') {
    return (
      <Link to={HOME_PATH} className={buttonClasses({ size: 'lg' })}>
        Go to Dashboard
      </Link>
    );
  }
  return (
    <div className="flex w-full flex-col gap-3 sm:flex-row">
      <Link to="/" className={buttonClasses({ size: 'lg' })}>
        Home
      </Link>
      <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
        Log in
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <title>Page Not Found · Sailpost</title>
      <Link to="/" className="mb-10 rounded-lg">
        <Logo />
      </Link>
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mt-3 max-w-md text-base text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="mt-8 w-full max-w-xs sm:w-auto sm:max-w-none">
        <WaysOn />
      </div>
    </main>
  );
}
