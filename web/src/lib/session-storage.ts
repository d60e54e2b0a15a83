import type { User } from '#shared/contract/users';
import { SIGNED_IN_COOKIE, STORAGE_KEYS } from '#shared/domain/limits';

/**
 * Where the session lives in the browser: the keys `token` and `user`.
 * 'Remember me' decides the store: localStorage survives a browser restart, sessionStorage ends
 * with the tab. Reading looks in both; writing to one clears the other.
 */
export interface StoredSession {
  token: string | null;
  user: User | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** The browser's local or session storage, or null where it is switched off. */
export const storeOf = (kind: 'local' | 'session'): Storage | null => {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings); the app then works without persistence.
    return null;
  }
};

const stores = (): Storage[] =>
  [storeOf('local'), storeOf('session')].filter((store): store is Storage => store !== null);

/**
 * The stored user was checked against the contract when it arrived from the API; reading it back
 * only makes sure it is still a user object (not edited away or left by an older version). This
 * keeps zod out of the start-up bundle.
 */
const USER_STRING_FIELDS = [
  '_id',
  'email',
  'firstName',
  'lastName',
  'phoneNumber',
  'role',
] as const;

const parseUser = (raw: string | null): User | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const valid =
      USER_STRING_FIELDS.every((field) => typeof record[field] === 'string') &&
      Array.isArray(record.completedTours) &&
      typeof record.isPhoneVerified === 'boolean';
    return valid ? (value as User) : null;
  } catch {
    return null;
  }
};

const notify = () => {
  for (const listener of [...listeners]) listener();
};

/** The store that currently holds a token (localStorage first), if any. */
const storeWithToken = (): Storage | null =>
  stores().find((store) => store.getItem(STORAGE_KEYS.token) !== null) ?? null;

export const readSession = (): StoredSession => {
  const store = storeWithToken();
  if (!store) return { token: null, user: null };
  return {
    token: store.getItem(STORAGE_KEYS.token),
    user: parseUser(store.getItem(STORAGE_KEYS.user)),
  };
};

export const readToken = (): string | null => readSession().token;

/** Whether the stored sign-in was remembered (localStorage), so a renewal is stored alike. */
export const isSessionRemembered = (): boolean => storeWithToken() === storeOf('local');

const removeFrom = (store: Storage): boolean => {
  const had =
    store.getItem(STORAGE_KEYS.token) !== null || store.getItem(STORAGE_KEYS.user) !== null;
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.user);
  return had;
};

export const writeSession = (
  session: { token: string; user: User },
  options: { remember: boolean },
) => {
  const target = storeOf(options.remember ? 'local' : 'session');
  const other = storeOf(options.remember ? 'session' : 'local');
  if (other) removeFrom(other);
  if (target) {
    target.setItem(STORAGE_KEYS.token, session.token);
    target.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  }
  notify();
};

/** Replaces the stored user beside the current token (no-op when signed out). */
export const writeUser = (user: User) => {
  const store = storeWithToken();
  if (!store) return;
  store.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  notify();
};

/**
 * Whether the browser holds the signed-in cookie the server sets beside the httpOnly refresh
 * cookie, with its lifetime. A tab with nothing stored (a new tab, whose sessionStorage starts
 * empty) asks for a renewal only then, so a visitor who never signed in sends no refresh.
 */
export const hasSignedInCookie = (): boolean =>
  document.cookie
    .split(/;\s*/)
    .some(
      (pair) =>
        pair.startsWith(`${SIGNED_IN_COOKIE}=`) && pair.length > SIGNED_IN_COOKIE.length + 1,
    );

/**
 * Forgets the signed-in cookie here, not waiting for the server's answer: a sign-out whose
 * request is lost must not let the next tab renew the session, nor this tab renew it while the
 * sign-out is on its way.
 */
const forgetSignedInCookie = (): boolean => {
  if (!hasSignedInCookie()) return false;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGNED_IN_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
  return true;
};

export const clearSession = () => {
  let changed = forgetSignedInCookie();
  for (const store of stores()) changed = removeFrom(store) || changed;
  if (changed) notify();
};

/**
 * Called whenever the stored session changes: in this tab through the functions above, in other
 * tabs through the `storage` event (localStorage only, which is what 'Remember me' shares).
 */
export const subscribeToSession = (listener: Listener): (() => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
