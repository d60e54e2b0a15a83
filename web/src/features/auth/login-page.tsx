import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '#web/components/alert';
import { Checkbox } from '#web/components/checkbox';
import { PasswordField } from '#web/components/text-field';
import { track } from '#web/lib/analytics';
import { deferResolver } from '#web/lib/deferred-resolver';
import { messageOf } from '#web/lib/error-text';
import { HOME_PATH, rememberReturnPath, RETURN_PARAM, safeReturnPath } from '#web/lib/navigation';
import { useSession } from '#web/lib/session';
import { SESSION_ENDED_MESSAGE, takeSessionEndedNote } from '#web/lib/session-ended';
import { logIn } from './api/log-in';
import { AuthForm } from './components/auth-form';
import { AuthLayout, AuthLink } from './components/auth-layout';
import { EmailField } from './components/email-field';
import { GoogleSignInOption } from './components/google-sign-in-option';
import type { loginFormSchema } from './schemas';

type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormValues = z.output<typeof loginFormSchema>;

const LOGIN_FAILED = 'Failed to login';

const checks = deferResolver(async () => (await import('./schemas')).loginResolver);

export function LoginPage() {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Only a path on this site: a link to /login?next=https://… must not send anyone elsewhere.
  const returnPath = safeReturnPath(searchParams.get(RETURN_PARAM));
  const [serverError, setServerError] = useState<string | null>(null);
  const [sessionEnded, setSessionEnded] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: checks.resolver,
    defaultValues: { email: '', password: '', remember: false },
  });

  // Read after the first render, which must match the page's build-time HTML; taking the note
  // away means a reload does not say it again.
  useEffect(() => {
    if (takeSessionEndedNote()) setSessionEnded(true);
  }, []);

  const onSubmit = handleSubmit(async ({ remember, ...credentials }) => {
    setServerError(null);
    setSessionEnded(false);
    try {
      // The server sets the refresh cookie for this browser session only, or for 30 days.
      const auth = await logIn({ ...credentials, remember });
      signIn(auth, { remember });
      track('login', { method: 'password' });
      toast.success('Login successful!');
      navigate(returnPath ?? HOME_PATH, { replace: true });
    } catch (error) {
      setServerError(messageOf(error, LOGIN_FAILED));
    }
  });

  // Already signed in (another tab, or just now): nothing to do here.
  if (status === 'authenticated') return <Navigate to={returnPath ?? HOME_PATH} replace />;

  return (
    <AuthLayout
      title="Log in"
      subtitle="Welcome back. Your drafts are waiting."
      footer={
        <>
          Don&apos;t have an account? <AuthLink to="/register">Start your free trial</AuthLink>
        </>
      }
    >
      <div aria-live="polite">
        {sessionEnded ? (
          <Alert tone="info" className="mb-6">
            {SESSION_ENDED_MESSAGE}
          </Alert>
        ) : null}
      </div>
      <AuthForm
        legend="Log in with your email and password"
        error={serverError}
        submitting={isSubmitting}
        submitLabel="Log in"
        submittingLabel="Logging in…"
        onSubmit={onSubmit}
        onFocus={checks.preload}
      >
        <EmailField error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          labelAside={
            <Link
              to="/forgot-password"
              className="rounded text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
            >
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        <Checkbox
          label="Remember me"
          description="Stay signed in after you close the browser."
          {...register('remember')}
        />
      </AuthForm>

      <GoogleSignInOption onLeave={() => rememberReturnPath(returnPath)} />
    </AuthLayout>
  );
}
