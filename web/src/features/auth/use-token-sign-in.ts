import { useEffect, useEffectEvent } from 'react';
import type { User } from '#shared/contract/users';
import { fetchCurrentUser } from '#web/lib/api/current-user';
import { useSession } from '#web/lib/session';

interface TokenSignInHandlers {
  onSignedIn: (user: User) => void;
  onFailed: (error: unknown) => void;
}

/**
 * Completes a sign-in that arrives as a token in the URL: fetches the user with it (GET /auth/me),
 * then stores both (remembered: these flows have no 'Remember me' box). Runs once per token.
 */
export const useTokenSignIn = (token: string | null, handlers: TokenSignInHandlers) => {
  const { signIn } = useSession();
  const onSignedIn = useEffectEvent(handlers.onSignedIn);
  const onFailed = useEffectEvent(handlers.onFailed);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    fetchCurrentUser(token).then(
      (user) => {
        if (cancelled) return;
        signIn({ access_token: token, user }, { remember: true });
        onSignedIn(user);
      },
      (error: unknown) => {
        if (!cancelled) onFailed(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, signIn]);
};
