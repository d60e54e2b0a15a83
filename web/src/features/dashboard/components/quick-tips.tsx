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

/** On a wide screen, the steps still to do share the row (Tailwind needs whole class names). */
const WIDE_COLUMNS: Record<number, string> = {
  1: 'xl:grid-cols-2',
  2: 'xl:grid-cols-2',
  3: 'xl:grid-cols-3',
  4: 'xl:grid-cols-4',
};

/** A step done, folded into the line of steps done: its title and a check. */
function DoneTip({ tip }: { tip: Tip }) {
  return (
    <li
      aria-label={`${tip.title}, done`}
      className="inline-flex items-center gap-1.5 text-sm text-slate-600"
    >
      <IconCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
      {tip.title}
    </li>
  );
}

/** A step still to do (or not known yet): its number, what it is for, and a link to do it. */
function OpenTip({ tip, number, state }: { tip: Tip; number: number; state: boolean | undefined }) {
  return (
    <li
      aria-label={`${tip.title}${state === false ? ', to do' : ''}`}
      className="flex gap-3.5 rounded-xl bg-slate-50 p-4 xl:flex-col xl:gap-3"
    >
      <span
        aria-hidden="true"
        className={clsx(
          'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          state === false ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-600',
        )}
      >
        {number}
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="text-sm font-semibold text-slate-900">{tip.title}</p>
        <p className="mt-1 text-sm text-slate-600">{tip.description}</p>
        <div className="mt-3 xl:mt-auto xl:pt-3">
          <Link
            to={tip.to}
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-600 hover:text-brand-700 hover:underline"
          >
            {tip.action}
            <IconArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </li>
  );
}

/**
 * The owner's way to a first approved post: the steps still to do, each with a link to do it, and
 * the steps done folded into one line, so what is left stands out. Once every step is done, the
 * whole card is that one line.
 */
export function QuickTips({ steps, firstCompanyId }: QuickTipsProps) {
  const tips = tipsFor(firstCompanyId);
  const known = Object.values(steps).every((state) => state !== undefined);
  const done = tips.filter((tip) => steps[tip.step] === true);
  const allDone = known && done.length === tips.length;
  if (allDone) {
    return (
      <section
        aria-labelledby="quick-tips-title"
        className={clsx(
          cardClasses,
          'flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3 sm:px-6',
        )}
        data-tour="quick-tips"
      >
        <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <IconCheck aria-hidden="true" className="size-4" />
        </span>
        <h2 id="quick-tips-title" className="text-sm font-semibold text-slate-900">
          Quick tips
        </h2>
        <p className="text-sm text-slate-600">
          All {tips.length} steps done: your drafts will arrive by text.
        </p>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="quick-tips-title"
      className={clsx(cardClasses, 'p-5 sm:p-6')}
      data-tour="quick-tips"
    >
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          <h2 id="quick-tips-title" className="text-lg font-semibold text-slate-900">
            Quick tips
          </h2>
          <p className="mt-1 text-sm text-slate-600">Four steps to your first approved post.</p>
        </div>
        {/* Its place is kept while the steps load, so the tips below do not jump when it shows. */}
        <div className={clsx('w-full sm:w-48', !known && 'invisible')} aria-hidden={!known}>
          <p className="text-sm font-medium text-slate-700">
            {done.length} of {tips.length} done
          </p>
          <ProgressTrack
            label="Setup progress"
            valueText={`${done.length} of ${tips.length} done`}
            value={{ now: done.length, max: tips.length }}
            tone="success"
            className="mt-1.5"
            fill={{
              className: 'transition-[width] duration-500',
              style: { width: `${(done.length / tips.length) * 100}%` },
            }}
          />
        </div>
      </div>
      {done.length > 0 ? (
        <ul aria-label="Steps done" className="mt-4 flex flex-wrap gap-x-5 gap-y-2">
          {done.map((tip) => (
            <DoneTip key={tip.step} tip={tip} />
          ))}
        </ul>
      ) : null}
      <ol
        className={clsx(
          'mt-4 grid grid-cols-1 gap-3 md:grid-cols-2',
          WIDE_COLUMNS[tips.length - done.length],
        )}
      >
        {tips.map((tip, index) =>
          steps[tip.step] === true ? null : (
            <OpenTip key={tip.step} tip={tip} number={index + 1} state={steps[tip.step]} />
          ),
        )}
      </ol>
    </section>
  );
}
