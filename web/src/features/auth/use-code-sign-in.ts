import { useEffect, useEffectEvent } from 'react';
import type { AuthResponse } from '#shared/contract/auth';
import type { User } from '#shared/contract/users';
import { useSession } from '#web/lib/session';
import { completeGoogleSignIn } from './api/google-sign-in';

interface CodeSignInHandlers {
  onSignedIn: (user: User) => void;
  onFailed: (error: unknown) => void;
}

/**
 * Completes a Google sign-in that arrives as a single-use code in the URL: trades it for the
 * access token and the user (POST /auth/google/callback). Remembered, because the backend set
 * the refresh cookie of a persistent session (there is no 'Remember me' box on this path).
 * Trades each code once: the server refuses it a second time, and a remounted screen (React's
 * strict mode runs effects twice) must find the first trade's answer, not that refusal.
 */
const trades = new Map<string, Promise<AuthResponse>>();

const tradeOnce = (code: string): Promise<AuthResponse> => {
  let trade = trades.get(code);
  if (!trade) {
    trade = completeGoogleSignIn({ token: code });
    trades.set(code, trade);
  }
  return trade;
};

export const useCodeSignIn = (code: string | null, handlers: CodeSignInHandlers) => {
  const { signIn } = useSession();
  const onSignedIn = useEffectEvent(handlers.onSignedIn);
  const onFailed = useEffectEvent(handlers.onFailed);

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    tradeOnce(code).then(
      (auth) => {
        if (cancelled) return;
        signIn(auth, { remember: true });
        onSignedIn(auth.user);
      },
      (error: unknown) => {
        if (!cancelled) onFailed(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, signIn]);
};
