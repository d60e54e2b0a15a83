import clsx from 'clsx';
import { Link } from 'react-router';
import { TRIAL_DAYS } from '#shared/domain/limits';
import { TIER_LIST } from '#shared/domain/tiers';
import { buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { TierPlatforms } from '#web/components/tier-platforms';

const postsPerDay = (count: number) => `${count} AI-drafted post${count === 1 ? '' : 's'} per day`;

/** The tiers from TIER_LIST: price per month, platforms, daily generations. */
export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-600">Pricing</p>
          <h2
            id="pricing-title"
            className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl"
          >
            Simple plans, per company
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Every plan starts with a {TRIAL_DAYS}-day free trial, no card required. Cancel any time.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {TIER_LIST.map((tier) => (
            <li
              key={tier.id}
              aria-label={`${tier.name} plan`}
              className={clsx(cardClasses, 'flex flex-col p-6')}
            >
              <h3 className="text-base font-semibold text-slate-900">{tier.name}</h3>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-4xl font-semibold tracking-tight text-slate-900">
                  ${tier.monthlyPrice}
                </span>
                <span className="text-sm text-slate-500">/month</span>
              </p>
              <p className="mt-3 text-sm font-medium text-brand-700">
                {postsPerDay(tier.dailyGenerationLimit)}
              </p>
              <TierPlatforms
                tier={tier.id}
                className="mt-6 flex-1 space-y-2.5 border-t border-slate-100 pt-6"
              />
              <Link
                to="/register"
                className={clsx(buttonClasses({ variant: 'secondary', fullWidth: true }), 'mt-6')}
                aria-label={`Start free trial on ${tier.name}`}
              >
                Start free trial
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
