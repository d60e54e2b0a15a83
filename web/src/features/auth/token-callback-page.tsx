import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '#web/lib/error-text';
import { HOME_PATH, takeReturnPath } from '#web/lib/navigation';
import { CallbackStatus } from './components/callback-status';
import { useTokenSignIn } from './use-token-sign-in';

/** /auth/callback: completes a token login (?token=...), or returns to /login (?error=... or nothing). */
export function TokenCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const error = searchParams.get('error');
  const token = error ? null : searchParams.get('token');

  useEffect(() => {
    if (token) return;
    if (error) toast.error('Failed to login with Google', { id: 'token-callback' });
    navigate('/login', { replace: true });
  }, [token, error, navigate]);

  useTokenSignIn(token, {
    onSignedIn: () => navigate(takeReturnPath() ?? HOME_PATH, { replace: true }),
    onFailed: (failure) => {
      toast.error(messageOf(failure, 'Failed to complete login'), { id: 'token-callback' });
      navigate('/login', { replace: true });
    },
  });

  return <CallbackStatus failure={null} />;
}
