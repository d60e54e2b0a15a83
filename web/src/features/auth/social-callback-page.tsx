import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { SOCIAL_ERROR_REDIRECT_MS } from '#shared/domain/limits';
import { messageOf } from '#web/lib/error-text';
import { HOME_PATH, takeReturnPath } from '#web/lib/navigation';
import { CallbackStatus } from './components/callback-status';
import { useTokenSignIn } from './use-token-sign-in';

const AUTH_FAILED = 'Authentication failed. Please try again.';
const INVALID_RESPONSE = 'Invalid callback response';

/**
 * The shared return screen of social sign-in (/auth/google/callback, /auth/twitter/callback):
 * a token signs in and opens the dashboard; an error, or neither, is shown, then /login after 3 s.
 */
export function SocialCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const error = searchParams.get('error');
  const token = error ? null : searchParams.get('token');
  const [fetchFailure, setFetchFailure] = useState<string | null>(null);
  const failure = error ? AUTH_FAILED : token ? fetchFailure : INVALID_RESPONSE;

  useEffect(() => {
    if (error) toast.error('Google authentication failed', { id: 'social-callback' });
  }, [error]);

  useEffect(() => {
    if (!failure) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), SOCIAL_ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [failure, navigate]);

  useTokenSignIn(token, {
    onSignedIn: () => {
      toast.success('Successfully signed in with Google!', { id: 'social-callback' });
      navigate(takeReturnPath() ?? HOME_PATH, { replace: true });
    },
    onFailed: (failed) => {
      const message = messageOf(failed, 'Failed to authenticate with Google');
      toast.error(message, { id: 'social-callback' });
      setFetchFailure(message);
    },
  });

  return <CallbackStatus failure={failure} />;
}
