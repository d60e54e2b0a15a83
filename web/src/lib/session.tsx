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
import {
  clearSession,
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
  signOut: () => void;
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

/**
 * Reads the stored session. It counts only when the token decodes and has not expired; anything
 * else (expired, undecodable, a token without its user) is cleared.
 */
const evaluateStoredSession = (): SessionState => {
  const { token, user } = readSession();
  const expiresAt = token ? tokenExpiresAt(token) : null;
  if (!token || !user || expiresAt === null || expiresAt <= Date.now()) {
    clearSession();
    return ANONYMOUS;
  }
  return { status: 'authenticated', token, user };
};

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading', token: null, user: null });

  useEffect(() => {
    const sync = () => setState(evaluateStoredSession());
    sync();
    return subscribeToSession(sync);
  }, []);

  // Sign out when the token expires, even if nothing calls the API in the meantime.
  useEffect(() => {
    if (state.status !== 'authenticated' || !state.token) return;
    const expiresAt = tokenExpiresAt(state.token) ?? 0;
    const timer = setTimeout(
      () => setState(evaluateStoredSession()),
      Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
    return () => clearTimeout(timer);
  }, [state]);

  const signIn = useCallback<SessionContextValue['signIn']>((auth, options) => {
    writeSession({ token: auth.access_token, user: auth.user }, options);
  }, []);

  const signOut = useCallback(() => clearSession(), []);

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
