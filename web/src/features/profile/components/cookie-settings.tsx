import { useEffect, useState } from 'react';
import { buttonClasses } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { CookieSettingsButton } from '#web/components/cookie-settings-button';
import { useAppConfig } from '#web/lib/api/app-config';
import { readConsent, subscribeConsent } from '#web/lib/consent';

/** The profile's "Cookies and analytics": what this browser agreed to, and a way to change it. */
export function CookieSettings() {
  const [consent, setConsent] = useState(readConsent);
  useEffect(() => subscribeConsent(() => setConsent(readConsent())), []);
  if (!useAppConfig().analytics) return null;
  const state =
    consent === null
      ? 'You have not decided yet: nothing is measured until you accept.'
      : consent.analytics
        ? 'Analytics is on in this browser.'
        : 'Analytics is off in this browser: nothing is measured.';
  return (
    <section
      className={`${cardClasses} mt-10 space-y-3 p-5 sm:p-6`}
      aria-labelledby="cookies-title"
    >
      <h2 id="cookies-title" className="text-base font-semibold text-slate-900">
        Cookies and analytics
      </h2>
      <p className="text-sm text-slate-600">{state}</p>
      <CookieSettingsButton className={buttonClasses({ variant: 'secondary' })} />
    </section>
  );
}
