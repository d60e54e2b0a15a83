import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, REGISTRATION_REDIRECT_MS, TRIAL_DAYS } from '#shared/domain/limits';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { IconCheck } from '#web/components/icons';
import { PhoneField } from '#web/components/phone-field';
import { PasswordField, TextField } from '#web/components/text-field';
import { track } from '#web/lib/analytics';
import { deferResolver } from '#web/lib/deferred-resolver';
import { messageOf } from '#web/lib/error-text';
import { applyFieldErrors } from '#web/lib/form-errors';
import { HOME_PATH } from '#web/lib/navigation';
import { useSession } from '#web/lib/session';
import { registerAccount } from './api/register';
import { AuthLayout, AuthLink } from './components/auth-layout';
import { FoundersBanner } from './components/founders-banner';
import { RedirectCountdown } from './components/redirect-countdown';
import type { registerFormSchema } from './schemas';

type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormValues = z.output<typeof registerFormSchema>;

const REGISTER_FAILED = 'Failed to register';

const checks = deferResolver(async () => (await import('./schemas')).registerResolver);
const FIELD_NAMES = ['firstName', 'lastName', 'email', 'phoneNumber', 'password'] as const;

export function RegisterPage() {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [welcomeName, setWelcomeName] = useState<string | null>(null);
  const started = useRef(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: checks.resolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
    },
  });

  // After a successful sign-up, the dashboard follows after exactly 4 seconds.
  useEffect(() => {
    if (welcomeName === null) return;
    const timer = setTimeout(() => navigate(HOME_PATH), REGISTRATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [welcomeName, navigate]);

  const onFirstInput = () => {
    if (started.current) return;
    started.current = true;
    track('sign_up_start');
  };

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirmation, ...body }) => {
    setServerError(null);
    try {
      const auth = await registerAccount(body);
      // The welcome panel first: signing in makes this a signed-in visit, which the page would
      // otherwise send straight to the dashboard.
      setWelcomeName(auth.user.firstName);
      signIn(auth, { remember: true });
      track('sign_up_complete');
      // One toast, however often this runs: the id makes a repeat replace it.
      toast.success('Registration successful!', { id: 'registration-success' });
    } catch (error) {
      setServerError(messageOf(error, REGISTER_FAILED));
      applyFieldErrors(setError, error, FIELD_NAMES);
    }
  });

  if (welcomeName !== null) {
    return (
      <AuthLayout title="Welcome aboard">
        <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6 text-center">
          <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
            <IconCheck className="size-6" />
          </div>
          <p className="mt-4 text-lg font-semibold text-slate-900">
            Your account is ready{welcomeName ? `, ${welcomeName}` : ''}!
          </p>
          <RedirectCountdown
            label="Taking you to your dashboard…"
            durationMs={REGISTRATION_REDIRECT_MS}
            className="mt-5"
          />
          <Link
            to={HOME_PATH}
            className="mt-4 inline-block rounded text-sm font-semibold text-brand-600 hover:underline"
          >
            Continue
          </Link>
        </div>
      </AuthLayout>
    );
  }

  // Already signed in: an account exists, so there is nothing to create here.
  if (status === 'authenticated') return <Navigate to={HOME_PATH} replace />;

  return (
    <AuthLayout
      title="Create your account"
      subtitle={`Start your ${TRIAL_DAYS}-day free trial. No card required.`}
      footer={
        <>
          Already have an account? <AuthLink to="/login">Log in</AuthLink>
        </>
      }
    >
      <FoundersBanner className="mb-6" />

      {serverError ? (
        <Alert tone="danger" className="mb-6">
          {serverError}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} onInput={onFirstInput} onFocus={checks.preload} noValidate>
        <fieldset disabled={isSubmitting} className="space-y-5">
          <legend className="sr-only">Your details</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            error={errors.email?.message}
            {...register('email')}
          />
          <Controller
            control={control}
            name="phoneNumber"
            render={({ field }) => (
              <PhoneField
                label="Mobile phone (US)"
                hint="We text you your daily drafts to approve."
                error={errors.phoneNumber?.message}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
              />
            )}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={errors.password?.message}
            {...register('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
            {isSubmitting ? 'Creating your account…' : 'Create account'}
          </Button>
          <p className="text-center text-xs leading-5 text-slate-500">
            By creating an account you agree to the{' '}
            <Link to="/terms" className="font-medium text-slate-700 underline hover:text-slate-900">
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link
              to="/privacy"
              className="font-medium text-slate-700 underline hover:text-slate-900"
            >
              Privacy Policy
            </Link>
            .
          </p>
        </fieldset>
      </form>
    </AuthLayout>
  );
}
