import clsx from 'clsx';
import type { ComponentType, SVGProps } from 'react';
import {
  IconBuilding,
  IconChat,
  IconClock,
  IconLink,
  IconMegaphone,
  IconUser,
} from '#web/components/icons';
import { cardClasses } from '#web/components/card';

interface Step {
  title: string;
  time: string;
  description: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The five setup steps and their times. */
export const SETUP_STEPS: readonly Step[] = [
  {
    title: 'Create an account',
    time: '30 seconds',
    description: 'Your name, email and the mobile number we text your drafts to.',
    icon: IconUser,
  },
  {
    title: 'Company profile auto-generated from your website',
    time: '1 minute',
    description: 'We read your site and suggest a description and brand voice. You adjust it.',
    icon: IconBuilding,
  },
  {
    title: 'Link socials',
    time: '1 minute',
    description:
      'Connect X, LinkedIn, Facebook and Instagram with their own sign-in. We never see your passwords.',
    icon: IconLink,
  },
  {
    title: 'First campaign',
    time: '10 minutes',
    description: 'Pick a goal, dates and posting times. The AI drafts the first posts.',
    icon: IconMegaphone,
  },
  {
    title: 'Daily posts approved by text',
    time: '30 seconds per day',
    description:
      "Reply YES to approve them all, or a draft's number with YES, NO or your changes. Approved posts go out on schedule.",
    icon: IconChat,
  },
];

export function SetupSteps() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-600">How it works</p>
          <h2
            id="how-it-works-title"
            className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl"
          >
            Set up in under 13 minutes
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Five steps, then about half a minute a day. Sailpost does the writing; you keep the
            final say.
          </p>
        </div>
        <ol className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {SETUP_STEPS.map((step, index) => (
            <li key={step.title} className={clsx(cardClasses, 'flex flex-col p-5')}>
              <div className="flex items-center justify-between">
                <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <step.icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-slate-500" aria-hidden="true">
                  {String(index + 1).padStart(2, '0')}
                </span>
              </div>
              <h3 className="mt-4 text-base leading-snug font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{step.description}</p>
              <p className="mt-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700">
                <IconClock aria-hidden="true" className="size-4" />
                {step.time}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
