import clsx from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ConsentChoice } from '#shared/domain/analytics';
import { Button } from './button';
import { cardClasses } from './card';
import { Checkbox } from './checkbox';
import { IconClose } from './icons';

export const CONSENT_TEXTS = {
  title: 'Cookies and analytics',
  body: 'With your permission, Sailpost uses Google Analytics to learn which screens help and where people get stuck. It never sees your name, email, phone or posts, and nothing is used for ads.',
  accept: 'Accept',
  reject: 'Reject',
  choose: 'Choose',
  save: 'Save choices',
  close: 'Close cookie settings',
  analytics: 'Analytics',
  analyticsHint: 'Counts page views and actions such as connecting an account (Google Analytics).',
  necessary: 'Sign-in cookies are always on: without them you could not stay signed in.',
} as const;

interface ConsentBannerProps {
  /** The current choice when the visitor opened "Cookie settings"; none on a first visit. */
  current: ConsentChoice | null;
  /** Opened from "Cookie settings": the choices show at once and take the focus. */
  fromSettings: boolean;
  onDecide: (choice: ConsentChoice) => void;
  /** Leaves the settings without a new decision (only when there is one already). */
  onClose: () => void;
}

/**
 * A small panel at the foot of the screen, not a wall: the page stays usable behind it. Accept and
 * Reject weigh the same; Choose shows the one real question (Sailpost shows no ads, so analytics
 * is all there is to agree to).
 */
export function ConsentBanner({ current, fromSettings, onDecide, onClose }: ConsentBannerProps) {
  const titleId = useId();
  const [choosing, setChoosing] = useState(fromSettings);
  const [analytics, setAnalytics] = useState(current?.analytics ?? false);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (fromSettings) panel.current?.focus();
  }, [fromSettings]);

  return (
    <section
      ref={panel}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-consent-banner
      className={clsx(
        cardClasses,
        'fixed inset-x-3 bottom-3 z-40 p-4 shadow-lg outline-none sm:left-auto sm:right-6 sm:bottom-6 sm:max-w-md sm:p-5',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {CONSENT_TEXTS.title}
        </h2>
        {current ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={CONSENT_TEXTS.close}
            className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <IconClose className="size-5" />
          </button>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {CONSENT_TEXTS.body}{' '}
        <Link to="/privacy" className="font-medium text-brand-700 underline hover:text-brand-800">
          Privacy Policy
        </Link>
      </p>
      {choosing ? (
        <div className="mt-4 space-y-3">
          <Checkbox
            label={CONSENT_TEXTS.analytics}
            description={CONSENT_TEXTS.analyticsHint}
            checked={analytics}
            onChange={(event) => setAnalytics(event.target.checked)}
          />
          <p className="text-xs text-slate-500">{CONSENT_TEXTS.necessary}</p>
          <Button size="sm" onClick={() => onDecide({ analytics })}>
            {CONSENT_TEXTS.save}
          </Button>
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => onDecide({ analytics: true })}>
            {CONSENT_TEXTS.accept}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onDecide({ analytics: false })}>
            {CONSENT_TEXTS.reject}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setChoosing(true)}>
            {CONSENT_TEXTS.choose}
          </Button>
        </div>
      )}
    </section>
  );
}
