import { FOUNDER_ACCOUNT_CAP, TRIAL_DAYS } from '#shared/domain/limits';
import { IconUsers } from '#web/components/icons';

/** The founder programme: what founders get and how many seats are taken. */
export function FoundersSection({ remaining }: { remaining: number | undefined }) {
  const taken = remaining === undefined ? undefined : FOUNDER_ACCOUNT_CAP - remaining;
  return (
    <section aria-labelledby="founders-title" className="py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid items-center gap-10 rounded-3xl border border-brand-100 bg-brand-50/60 p-8 sm:p-12 lg:grid-cols-2">
          <div>
            <span className="flex size-11 items-center justify-center rounded-xl bg-white text-brand-600 shadow-xs">
              <IconUsers aria-hidden="true" className="size-6" />
            </span>
            <h2
              id="founders-title"
              className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl"
            >
              The founder programme
            </h2>
            <p className="mt-3 text-base leading-7 text-slate-600">
              The first {FOUNDER_ACCOUNT_CAP} accounts are founder accounts: the Intro plan free for
              life, and a seat in the Founder Forum where we shape what Sailpost does next.
            </p>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-xs">
            {taken === undefined ? (
              <p className="text-sm text-slate-500">
                Founder seats are limited to {FOUNDER_ACCOUNT_CAP} accounts.
              </p>
            ) : (
              <>
                <p className="flex items-baseline justify-between text-sm font-medium text-slate-700">
                  <span>Founder seats taken</span>
                  <span className="text-slate-900">
                    {taken} / {FOUNDER_ACCOUNT_CAP}
                  </span>
                </p>
                <div
                  role="progressbar"
                  aria-label="Founder seats taken"
                  aria-valuemin={0}
                  aria-valuemax={FOUNDER_ACCOUNT_CAP}
                  aria-valuenow={taken}
                  className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div
                    className="h-full rounded-full bg-brand-600"
                    style={{ width: `${(taken / FOUNDER_ACCOUNT_CAP) * 100}%` }}
                  />
                </div>
                <p className="mt-3 text-sm text-slate-600">
                  {remaining === 0
                    ? `Every founder seat is taken. Every plan still starts with a ${TRIAL_DAYS}-day free trial.`
                    : 'Sign up now to claim one of the remaining seats.'}
                </p>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
