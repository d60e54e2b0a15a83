import { Link } from 'react-router';
import { CookieSettingsButton } from '#web/components/cookie-settings-button';
import { Logo } from '#web/components/logo';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-slate-500">
            The AI social media assistant for small businesses.
          </p>
        </div>
        <div className="flex flex-col gap-3 text-sm text-slate-500 sm:items-end">
          <nav aria-label="Legal" className="flex gap-6">
            <Link to="/terms" className="rounded font-medium text-slate-600 hover:text-slate-900">
              Terms of Service
            </Link>
            <Link to="/privacy" className="rounded font-medium text-slate-600 hover:text-slate-900">
              Privacy Policy
            </Link>
            <CookieSettingsButton className="rounded font-medium text-slate-600 hover:text-slate-900" />
          </nav>
          <p>© {new Date().getFullYear()} Sailpost. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
