import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, REGISTRATION_REDIRECT_MS, TRIAL_DAYS } from '#shared/domain/limits';
import { IconCheck } from '#web/components/icons';
import { NameFields } from '#web/components/name-fields';
import { PhoneField } from '#web/components/phone-field';
import { track } from '#web/lib/analytics';
import { deferResolver } from '#web/lib/deferred-resolver';
import { messageOf } from '#web/lib/error-text';
import { applyFieldErrors } from '#web/lib/form-errors';
import { HOME_PATH } from '#web/lib/navigation';
import { useSession } from '#web/lib/session';
import { registerAccount } from './api/register';
import { AuthForm } from './components/auth-form';
import { AuthLayout, AuthLink } from './components/auth-layout';
import { EmailField } from './components/email-field';
import { FoundersBanner } from './components/founders-banner';
import { GoogleSignInOption } from './components/google-sign-in-option';
import { NewPasswordFields } from './components/new-password-fields';
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
      track('sign_up', { method: 'password' });
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

      <AuthForm
        legend="Your details"
        error={serverError}
        submitting={isSubmitting}
        submitLabel="Create account"
        submittingLabel="Creating your account…"
        onSubmit={onSubmit}
        onInput={onFirstInput}
        onFocus={checks.preload}
        footnote={
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
        }
      >
        <NameFields register={register} errors={errors} />
        <EmailField error={errors.email?.message} {...register('email')} />
        <Controller
          control={control}
          name="phoneNumber"
          render={({ field }) => (
            <PhoneField
              label="Mobile phone (US)"
              hint="We text you your daily drafts to approve."
              error={errors.phoneNumber?.message}
              {...field}
            />
          )}
        />
        <NewPasswordFields
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          password={register('password')}
          confirmation={register('confirmPassword')}
          errors={{
            password: errors.password?.message,
            confirmation: errors.confirmPassword?.message,
          }}
        />
      </AuthForm>
      <GoogleSignInOption />
    </AuthLayout>
  );
}
