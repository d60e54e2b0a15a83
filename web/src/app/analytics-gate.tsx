import { useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';
import { ConsentBanner } from '#web/components/consent-banner';
import { applyConsent, trackPageView } from '#web/lib/analytics';
import { analyticsPageOf } from '#web/lib/analytics-page';
import { useAppConfig } from '#web/lib/api/app-config';
import {
  closeCookieSettings,
  cookieSettingsRequested,
  readConsent,
  saveConsent,
  subscribeConsent,
} from '#web/lib/consent';

/**
 * Consent and measurement, loaded after the first screen: on a stage with a measurement id the
 * banner asks once; each decision is applied once (the tag loads only on acceptance); while
 * analytics is accepted, each route change sends one page_view. Without a measurement id nothing
 * is asked, loaded or sent.
 */
export function AnalyticsGate() {
  const measurementId = useAppConfig().analytics?.measurementId;
  const [consent, setConsent] = useState(readConsent);
  const [settingsOpen, setSettingsOpen] = useState(cookieSettingsRequested);
  const { pathname } = useLocation();
  const { page_location: location, page_title: title } = analyticsPageOf(
    window.location.origin,
    pathname,
    useMatches().at(-1)?.params ?? {},
  );
  const appliedDecision = useRef<string | null>(null);
  const viewedPath = useRef<string | null>(null);

  useEffect(
    () =>
      subscribeConsent(() => {
        setConsent(readConsent());
        setSettingsOpen(cookieSettingsRequested());
      }),
    [],
  );

  // Each decision once (the page is only what the events that waited for it are sent as of).
  useEffect(() => {
    if (!measurementId || !consent || appliedDecision.current === consent.decidedAt) return;
    appliedDecision.current = consent.decidedAt;
    applyConsent(measurementId, consent, { page_location: location, page_title: title });
  }, [measurementId, consent, location, title]);

  // One page_view per page: a query change, a re-render or a repeated decision sends none.
  const measuring = Boolean(measurementId && consent?.analytics);
  useEffect(() => {
    if (!measuring) {
      viewedPath.current = null;
      return;
    }
    if (viewedPath.current === location) return;
    viewedPath.current = location;
    trackPageView({ page_location: location, page_title: title });
  }, [measuring, location, title]);

  if (!measurementId || (consent && !settingsOpen)) return null;
  return (
    <ConsentBanner
      current={consent}
      fromSettings={settingsOpen}
      onDecide={saveConsent}
      onClose={closeCookieSettings}
    />
  );
}
