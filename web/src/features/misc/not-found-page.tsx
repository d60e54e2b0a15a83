import clsx from 'clsx';
import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { Logo } from '#web/components/logo';

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
      <Link to="/dashboard" className={clsx(buttonClasses({ size: 'lg' }), 'mt-8')}>
        Go to Dashboard
      </Link>
    </main>
  );
}
