import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { forgotPasswordBody } from '#shared/contract/auth';
import { contract } from '#shared/contract/manifest';
import { Alert } from '#web/components/alert';
import { Button } from '#web/components/button';
import { IconMail } from '#web/components/icons';
import { TextField } from '#web/components/text-field';
import { callApi, errorMessage } from '#web/lib/api-client';
import { AuthLayout, AuthLink } from './components/auth-layout';

type ForgotPasswordInput = z.input<typeof forgotPasswordBody>;
type ForgotPasswordValues = z.output<typeof forgotPasswordBody>;

const SEND_FAILED = 'Failed to send reset email';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      await callApi(contract.auth.forgotPassword, { body, fallbackMessage: SEND_FAILED });
      setSent(true);
      toast.success('Password reset instructions have been sent to your email');
    } catch (error) {
      const message = errorMessage(error, SEND_FAILED);
      setServerError(message);
      toast.error(message);
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
            The link works once, for one hour. Nothing arrived? Check your spam folder, or try again
            in a few minutes.
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
      {serverError ? (
        <Alert tone="danger" className="mb-6">
          {serverError}
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="space-y-5">
          <legend className="sr-only">Request a password reset</legend>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" size="lg" fullWidth loading={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </fieldset>
      </form>
    </AuthLayout>
  );
}
