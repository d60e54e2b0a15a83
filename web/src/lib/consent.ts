import type { ConsentChoice } from '#shared/domain/analytics';

/**
 * The visitor's cookie decision, kept in this browser (localStorage) so it is asked once; other
 * tabs and the cookie settings hear of a change. Small on purpose: the first screen's code reads
 * it to know whether the banner is needed at all.
 */
export const CONSENT_STORAGE_KEY = 'sailpost_consent';

export interface StoredConsent extends ConsentChoice {
  /** When the visitor decided (ISO 8601). */
  decidedAt: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let settingsRequested = false;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off: the visitor is asked on each visit, and nothing is measured meanwhile.
    return null;
  }
};

/** The stored decision, or null when the visitor has not decided (or it is unreadable). */
export const readConsent = (): StoredConsent | null => {
  try {
    const parsed = JSON.parse(storage()?.getItem(CONSENT_STORAGE_KEY) ?? 'null') as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as StoredConsent).analytics === 'boolean'
    )
      return parsed as StoredConsent;
  } catch {
    // An edited or older value counts as no decision: the visitor is asked again.
  }
  return null;
};

const notify = () => listeners.forEach((listener) => listener());

export const saveConsent = (choice: ConsentChoice): void => {
  const stored: StoredConsent = {
    analytics: choice.analytics,
    decidedAt: new Date().toISOString(),
  };
  storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  settingsRequested = false;
  notify();
};

/** "Cookie settings" (footer, profile): opens the choices again, the current one selected. */
export const openCookieSettings = (): void => {
  settingsRequested = true;
  notify();
};

export const closeCookieSettings = (): void => {
  settingsRequested = false;
  notify();
};

export const cookieSettingsRequested = (): boolean => settingsRequested;

export const subscribeConsent = (listener: Listener): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
