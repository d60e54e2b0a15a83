import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SOCIAL_ERROR_REDIRECT_MS } from '#shared/domain/limits';
import { track } from '#web/lib/analytics';
import { messageOf } from '#web/lib/error-text';
import { HOME_PATH, takeReturnPath } from '#web/lib/navigation';
import { CallbackStatus } from './components/callback-status';
import { useCodeSignIn } from './use-code-sign-in';
import { useTokenSignIn } from './use-token-sign-in';

const AUTH_FAILED = 'Authentication failed. Please try again.';
const INVALID_RESPONSE = 'Invalid callback response';
const GOOGLE_PATH = '/auth/google/callback';

/** What the screen adds under the failure: the server's words, or why Google could not start. */
const detailOf = (error: string, message: string | null): string | null =>
  message || (error === 'unavailable' ? 'Failed to initiate Google login' : null);

/**
 * The shared return screen of social sign-in (/auth/google/callback, /auth/twitter/callback).
 * Google's callback brings a single-use code, traded for the session the backend began (the
 * access token never travels in a URL); the twitter route keeps taking a token. An error, or
 * neither, is shown, then /login after 3 s.
 */
export function SocialCallbackPage() {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const error = searchParams.get('error');
  const token = error ? null : searchParams.get('token');
  const isGoogle = pathname === GOOGLE_PATH;
  const [fetchFailure, setFetchFailure] = useState<string | null>(null);
  const failure = error ? AUTH_FAILED : token ? fetchFailure : INVALID_RESPONSE;
  const detail = error ? detailOf(error, searchParams.get('message')) : null;

  useEffect(() => {
    if (error) toast.error('Google authentication failed', { id: 'social-callback' });
  }, [error]);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), SOCIAL_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [failure, navigate]);

  const handlers = {
    onSignedIn: () => {
      if (isGoogle) track('login', { method: 'google' });
      toast.success('Successfully signed in with Google!', { id: 'social-callback' });
      navigate(takeReturnPath() ?? HOME_PATH, { replace: true });
    },
    onFailed: (failed: unknown) => {
      const message = messageOf(failed, 'Failed to authenticate with Google');
      toast.error(message, { id: 'social-callback' });
      setFetchFailure(message);
    },
  };
  useCodeSignIn(isGoogle ? token : null, handlers);
  useTokenSignIn(isGoogle ? null : token, handlers);

  return <CallbackStatus failure={failure} detail={detail} />;
}
