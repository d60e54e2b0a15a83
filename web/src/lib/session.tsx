import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AuthResponse } from '#shared/contract/auth';
import type { User } from '#shared/contract/users';
import { refreshAccessToken } from './api-client';
import { logOut } from './api/log-out';
import { endSession } from './session-ended';
import {
  clearSession,
  hasSignedInCookie,
  readSession,
  subscribeToSession,
  writeSession,
  writeUser,
} from './session-storage';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: User | null;
}

export interface SessionContextValue extends SessionState {
  signIn: (auth: AuthResponse, options: { remember: boolean }) => void;
  /**
   * Ends the session on the server, then forgets it here. `{ onServer: false }` only forgets it
   * (the server already ended it: sign out everywhere).
   */
  signOut: (options?: { onServer?: boolean }) => void;
  updateUser: (changes: Partial<User>) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * Milliseconds since the epoch at which the token expires, or null when it does not decode. Only
 * the expiry is read (the server checks the signature); a JWT library would be ~1 KB of start-up
 * code for this.
 */
export const tokenExpiresAt = (token: string): number | null => {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = claims && typeof claims === 'object' ? (claims as { exp?: unknown }).exp : null;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
};

const ANONYMOUS: SessionState = { status: 'anonymous', token: null, user: null };

/** setTimeout's longest delay (about 24.8 days); a later expiry is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The access token is renewed this long before it expires, so calls never meet an expired one. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;

/**
 * Reads the stored session. It counts only when the token decodes and has not expired. A token
 * that has expired (or is about to, or does not decode) beside a stored user is `stale`: the
 * httpOnly refresh cookie may still renew it. So is nothing stored while the browser holds the
 * signed-in cookie: a new tab of a browser signed in without "Remember me" (sessionStorage is per
 * tab, the cookies are the browser's). Anything else is cleared.
 */
const evaluateStoredSession = (): SessionState | 'stale' => {
  const { token, user } = readSession();
  if (!token || !user) {
    if (hasSignedInCookie()) return 'stale';
    clearSession();
    return ANONYMOUS;
  }
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null || expiresAt - Date.now() <= RENEW_BEFORE_EXPIRY_MS) return 'stale';
  return { status: 'authenticated', token, user };
};

/** The stored session as it stands while a renewal could not be reached: only a live token counts. */
const unexpiredStoredSession = (): SessionState => {
  const { token, user } = readSession();
  const expiresAt = token ? tokenExpiresAt(token) : null;
  return token && user && expiresAt !== null && expiresAt > Date.now()
    ? { status: 'authenticated', token, user }
    : ANONYMOUS;
};

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading', token: null, user: null });

  useEffect(() => {
    let active = true;
    const sync = () => {
      const evaluated = evaluateStoredSession();
      if (evaluated !== 'stale') {
        setState(evaluated);
        return;
      }
      // Renew first (the state stays as it is meanwhile). A renewal stores the new token, and
      // an ended session is cleared; both notify, and this runs again.
      void refreshAccessToken().then((outcome) => {
        if (!active) return;
        if (outcome === 'ended') endSession();
        if (outcome === 'unreachable') setState(unexpiredStoredSession());
      });
    };
    sync();
    const unsubscribe = subscribeToSession(sync);
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  // Renew the token shortly before it expires, even if nothing calls the API in the meantime.
  useEffect(() => {
    if (state.status !== 'authenticated' || !state.token) return;
    const expiresAt = tokenExpiresAt(state.token) ?? 0;
    const delayUntil = (at: number) => Math.min(Math.max(at - Date.now(), 0), MAX_TIMER_MS);
    let active = true;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const renewal = setTimeout(
      () => {
        void refreshAccessToken().then((outcome) => {
          if (!active) return;
          if (outcome === 'ended') endSession();
          // Offline: keep working until the token expires, then count as signed out.
          if (outcome === 'unreachable') {
            expiry = setTimeout(() => setState(unexpiredStoredSession()), delayUntil(expiresAt));
          }
        });
      },
      delayUntil(expiresAt - RENEW_BEFORE_EXPIRY_MS),
    );
    return () => {
      active = false;
      clearTimeout(renewal);
      clearTimeout(expiry);
    };
  }, [state]);

  const signIn = useCallback<SessionContextValue['signIn']>((auth, options) => {
    writeSession({ token: auth.access_token, user: auth.user }, options);
  }, []);

  const signOut = useCallback<SessionContextValue['signOut']>(({ onServer = true } = {}) => {
    // The request is sent (with the token) before the token is forgotten; its answer is not
    // awaited: signing out here must not wait on the network.
    if (onServer) void logOut(readSession().token).catch(() => undefined);
    clearSession();
  }, []);

  const updateUser = useCallback<SessionContextValue['updateUser']>((changes) => {
    const { user } = readSession();
    if (user) writeUser({ ...user, ...changes });
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ ...state, signIn, signOut, updateUser }),
    [state, signIn, signOut, updateUser],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

export const useSession = (): SessionContextValue => {
  const context = use(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  return context;
};
