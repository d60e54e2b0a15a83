import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TRIAL_DAYS } from '#shared/domain/limits';
import { IconChat, IconCheck, IconShield, IconSparkles } from '#web/components/icons';
import { Logo } from '#web/components/logo';

interface AuthLayoutProps {
  /** The document title and page heading. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
}

const promises = [
  { icon: IconSparkles, text: 'Drafts in your brand voice, every day' },
  { icon: IconChat, text: 'Approve or ask for changes by text' },
  { icon: IconShield, text: 'Nothing posts without your approval' },
];

/** The frame of the sign-in screens: the form, and from 1024 px a brand panel beside it. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh bg-white">
      <title>{`${title} · Sailpost`}</title>
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-700 via-brand-600 to-indigo-500 p-12 text-white lg:flex">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-2xl"
        />
        <Link to="/" className="relative w-fit rounded-lg">
          <Logo inverted />
        </Link>
        <div className="relative">
          <p className="text-3xl leading-tight font-semibold tracking-tight">
            Your social media, drafted for you and approved by text.
          </p>
          <ul className="mt-8 space-y-4">
            {promises.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-base text-indigo-50">
                <span className="flex size-9 items-center justify-center rounded-lg bg-white/15">
                  <Icon className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative flex items-center gap-2 text-sm text-indigo-100">
          <IconCheck className="size-4" /> {TRIAL_DAYS}-day free trial, no card required
        </p>
      </aside>

      <main className="flex flex-1 flex-col px-5 py-8 sm:px-8">
        <div className="lg:hidden">
          <Link to="/" className="inline-block rounded-lg">
            <Logo />
          </Link>
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h1>
          {subtitle ? <p className="mt-2 text-base text-slate-600">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}

/** A text link in the auth screens' style. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded font-semibold text-brand-600 hover:text-brand-700 hover:underline"
    >
      {children}
    </Link>
  );
}
