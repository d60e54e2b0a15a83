import { Link } from 'react-router';
import { buttonClasses } from '#web/components/button';
import { Logo } from '#web/components/logo';
import { useSession } from '#web/lib/session';

const sections = [
  { href: '/#how-it-works', label: 'How it works' },
  { href: '/#platforms', label: 'Platforms' },
  { href: '/#pricing', label: 'Pricing' },
];

/** The public site's header: Log in / Get started, or 'Go to Dashboard' when signed in. */
export function SiteHeader() {
  const { status } = useSession();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-lg">
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-8 md:flex">
          {sections.map((section) => (
            <a
              key={section.href}
              href={section.href}
              className="rounded text-sm font-medium text-slate-600 hover:text-slate-900"
            >
              {section.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {status === 'authenticated' ? (
            <Link to="/dashboard" className={buttonClasses({ size: 'sm' })}>
              Go to Dashboard
            </Link>
          ) : (
            <>
              <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                Log in
              </Link>
              <Link to="/register" className={buttonClasses({ size: 'sm' })}>
                Get started
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
