import clsx from 'clsx';
import { Link } from 'react-router';
import { TRIAL_DAYS } from '#shared/domain/limits';
import { Badge } from '#web/components/badge';
import { buttonClasses } from '#web/components/button';
import { IconCheck, IconClock } from '#web/components/icons';
import { describeFounders, useFoundersRemaining } from '#web/lib/api/count-users';
import { FoundersSection } from './components/founders-section';
import { PlatformsSection } from './components/platforms-section';
import { PricingSection } from './components/pricing-section';
import { SetupSteps } from './components/setup-steps';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { SmsPreview } from './components/sms-preview';

const TRIAL_CTA = `Start your ${TRIAL_DAYS}-day free trial — no card required`;

const promises = [
  'Drafts in your brand voice',
  'Approve or change by text',
  'Nothing posts without your approval',
];

/** The trial call to action; long, so it may wrap on narrow screens. */
function TrialCta({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <Link
      to="/register"
      className={clsx(buttonClasses({ variant, size: 'lg', wrap: true }), 'sm:whitespace-nowrap')}
    >
      {TRIAL_CTA}
    </Link>
  );
}

export function LandingPage() {
  const { remaining } = useFoundersRemaining();
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Sailpost — your AI social media assistant</title>
      <SiteHeader />
      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-brand-50/70 to-white"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-28">
            <div className="min-w-0">
              {remaining !== undefined ? (
                <Badge tone={remaining === 0 ? 'neutral' : 'brand'} size="md">
                  {describeFounders(remaining)}
                </Badge>
              ) : (
                <span className="block h-7" aria-hidden="true" />
              )}
              <h1 className="mt-6 text-4xl leading-[1.1] font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
                Your AI social media assistant,{' '}
                <span className="text-brand-600">approved by text.</span>
              </h1>
              <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
                Sailpost drafts posts in your brand voice and texts you to review them. Approve with
                a quick reply, or say what to change. Nothing is posted without your approval.
              </p>
              <ul className="mt-6 space-y-2">
                {promises.map((promise) => (
                  <li key={promise} className="flex items-center gap-2.5 text-base text-slate-700">
                    <IconCheck aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
                    {promise}
                  </li>
                ))}
              </ul>
              <div className="mt-9">
                <TrialCta />
              </div>
              <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
                <span className="inline-flex items-center gap-1.5">
                  <IconClock aria-hidden="true" className="size-4" />
                  Full setup takes under 13 minutes.
                </span>
                <a
                  href="#how-it-works"
                  className="rounded font-semibold text-brand-600 hover:text-brand-700 hover:underline"
                >
                  See how it works
                </a>
              </p>
            </div>
            <SmsPreview />
          </div>
        </section>

        <SetupSteps />
        <PlatformsSection />
        <PricingSection />
        <FoundersSection remaining={remaining} />

        <section className="bg-brand-700">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <h2 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">
                Your next post, drafted by tomorrow morning.
              </h2>
              <p className="mt-2 text-base text-indigo-100">
                Sign up in 30 seconds. You approve everything before it goes out.
              </p>
            </div>
            <TrialCta variant="secondary" />
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
