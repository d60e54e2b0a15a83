import clsx from 'clsx';
import { cardClasses } from '#web/components/card';
interface Tip {
  title: string;
  description: string;
}

const TIPS: readonly Tip[] = [
  {
    title: 'Add your company',
    description: 'Give us your website and Sailpost drafts your profile and brand voice.',
  },
  {
    title: 'Connect X and LinkedIn',
    description: 'Link the accounts your approved posts go out on.',
  },
  {
    title: 'Create a campaign and approve posts by text',
    description: "Set a goal and a schedule, then reply to each morning's text to approve.",
  },
];

export function QuickTips() {
  return (
    <section aria-labelledby="quick-tips-title" className={clsx(cardClasses, 'p-5 sm:p-6')}>
      <h2 id="quick-tips-title" className="text-lg font-semibold text-slate-900">
        Quick tips
      </h2>
      <p className="mt-1 text-sm text-slate-600">Three steps to your first approved post.</p>
      <ol className="mt-5 grid gap-4 md:grid-cols-3">
        {TIPS.map((tip, index) => (
          <li
            key={tip.title}
            className="flex gap-4 rounded-xl bg-slate-50 p-4 md:flex-col md:gap-3"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
              {index + 1}
            </span>
            <div className="min-w-0">
              <p className="text-sm font-semibold text-slate-900">{tip.title}</p>
              <p className="mt-1 text-sm text-slate-600">{tip.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
