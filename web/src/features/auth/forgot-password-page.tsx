import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { RESET_LINK_LIFETIME_TEXT } from '#shared/domain/duration-text';
import { IconMail } from '#web/components/icons';
import { deferResolver } from '#web/lib/deferred-resolver';
import { messageOf } from '#web/lib/error-text';
import { requestPasswordReset } from './api/forgot-password';
import { AuthForm } from './components/auth-form';
import { AuthLayout, AuthLink } from './components/auth-layout';
import { EmailField } from './components/email-field';
import type { forgotPasswordFormSchema } from './schemas';

type ForgotPasswordInput = z.input<typeof forgotPasswordFormSchema>;
type ForgotPasswordValues = z.output<typeof forgotPasswordFormSchema>;

const SEND_FAILED = 'Failed to send reset email';

const checks = deferResolver(async () => (await import('./schemas')).forgotPasswordResolver);

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: checks.resolver,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await requestPasswordReset(email);
      setSent(true);
      toast.success('Password reset instructions have been sent to your email');
    } catch (error) {
      setServerError(messageOf(error, SEND_FAILED));
    }
  });

  const footer = (
    <>
      Remembered it? <AuthLink to="/login">Back to log in</AuthLink>
    </>
  );

  if (sent) {
    return (
      <AuthLayout title="Check your email" footer={footer}>
        <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <div className="flex size-11 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <IconMail className="size-5" />
          </div>
          <p className="mt-4 text-base text-slate-800">
            If an account exists for the address, instructions are sent
          </p>
          <p className="mt-2 text-sm text-slate-600">
            The link works once, for {RESET_LINK_LIFETIME_TEXT}. Nothing arrived? Check your spam
            folder, or try again in a few minutes.
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to set a new one."
      footer={footer}
    >
      <AuthForm
        legend="Request a password reset"
        error={serverError}
        submitting={isSubmitting}
        submitLabel="Send reset link"
        submittingLabel="Sending…"
        onSubmit={onSubmit}
        onFocus={checks.preload}
      >
        <EmailField error={errors.email?.message} {...register('email')} />
      </AuthForm>
    </AuthLayout>
  );
}
