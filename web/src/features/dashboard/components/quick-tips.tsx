import clsx from 'clsx';
import { Link } from 'react-router';
import { cardClasses } from '#web/components/card';
import { IconArrowRight, IconCheck } from '#web/components/icons';
import { ProgressTrack } from '#web/components/progress-bar';
import { NEW_COMPANY_PATH } from '#web/lib/paths';

/** Each step's state: done, still to do, or not known yet (still loading, or unreadable). */
export interface SetupSteps {
  phoneVerified: boolean | undefined;
  companyAdded: boolean | undefined;
  platformConnected: boolean | undefined;
  campaignCreated: boolean | undefined;
}

interface Tip {
  step: keyof SetupSteps;
  title: string;
  description: string;
  action: string;
  to: string;
}

const tipsFor = (firstCompanyId: string | undefined): Tip[] => {
  // Platforms and campaigns belong to a company; before there is one, the way there is adding it.
  const companyPath = (section: string) =>
    firstCompanyId ? `/dashboard/company/${firstCompanyId}/${section}` : NEW_COMPANY_PATH;
  return [
    {
      step: 'phoneVerified',
      title: 'Verify your phone',
      description: 'Your drafts arrive by text each morning, so we need a number we can reach.',
      action: 'Verify phone',
      to: '/profile',
    },
    {
      step: 'companyAdded',
      title: 'Add your company',
      description: 'Give us your website and Sailpost drafts your profile and brand voice.',
      action: 'Add company',
      to: NEW_COMPANY_PATH,
    },
    {
      step: 'platformConnected',
      title: 'Connect X or LinkedIn',
      description: 'Link the accounts your approved posts go out on.',
      action: 'Connect a platform',
      to: companyPath('platforms'),
    },
    {
      step: 'campaignCreated',
      title: 'Create a campaign',
      description: "Set a goal and a schedule, then reply to each morning's text to approve.",
      action: 'Create a campaign',
      to: companyPath('campaigns'),
    },
  ];
};

interface QuickTipsProps {
  steps: SetupSteps;
  /** Where platform and campaign steps lead. */
  firstCompanyId: string | undefined;
}

/** The owner's way to a first approved post: each step done or not, and a link to do it. */
export function QuickTips({ steps, firstCompanyId }: QuickTipsProps) {
  const tips = tipsFor(firstCompanyId);
  const known = Object.values(steps).every((state) => state !== undefined);
  const doneCount = tips.filter((tip) => steps[tip.step] === true).length;
  const allDone = known && doneCount === tips.length;
  return (
    <section aria-labelledby="quick-tips-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <h2 id="quick-tips-title" className="text-lg font-semibold text-slate-900">
            Quick tips
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {allDone
              ? 'All set: your drafts will arrive by text.'
              : 'Four steps to your first approved post.'}
          </p>
        </div>
        {/* Its place is kept while the steps load, so the tips below do not jump when it shows. */}
        <div className={clsx('w-full sm:w-48', !known && 'invisible')} aria-hidden={!known}>
          <p className="text-sm font-medium text-slate-700">
            {doneCount} of {tips.length} done
          </p>
          <ProgressTrack
            label="Setup progress"
            valueText={`${doneCount} of ${tips.length} done`}
            value={{ now: doneCount, max: tips.length }}
            tone="success"
            className="mt-1.5"
            fill={{
              className: 'transition-[width] duration-500',
              style: { width: `${(doneCount / tips.length) * 100}%` },
            }}
          />
        </div>
      </div>
      <ol className="mt-5 grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
        {tips.map((tip, index) => {
          const state = steps[tip.step];
          return (
            <li
              key={tip.step}
              aria-label={`${tip.title}${state === true ? ', done' : state === false ? ', to do' : ''}`}
              className={clsx(
                'flex gap-3.5 rounded-xl p-4 xl:flex-col xl:gap-3',
                state === true ? 'bg-emerald-50/60' : 'bg-slate-50',
              )}
            >
              {state === true ? (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                  <IconCheck className="size-5" />
                </span>
              ) : (
                <span
                  aria-hidden="true"
                  className={clsx(
                    'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                    state === false ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-600',
                  )}
                >
                  {index + 1}
                </span>
              )}
              <div className="flex min-w-0 flex-1 flex-col">
                <p
                  className={clsx(
                    'text-sm font-semibold',
                    state === true ? 'text-slate-600' : 'text-slate-900',
                  )}
                >
                  {tip.title}
                </p>
                <p className="mt-1 text-sm text-slate-600">{tip.description}</p>
                <div className="mt-3 xl:mt-auto xl:pt-3">
                  {state === true ? (
                    <p className="inline-flex items-center text-sm font-semibold text-emerald-700">
                      Done
                    </p>
                  ) : (
                    <Link
                      to={tip.to}
                      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
                    >
                      {tip.action}
                      <IconArrowRight aria-hidden="true" className="size-4" />
                    </Link>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
