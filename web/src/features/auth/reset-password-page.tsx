import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { RESET_LINK_LIFETIME_TEXT } from '#shared/domain/duration-text';
import { PASSWORD_MIN_LENGTH } from '#shared/domain/limits';
import { buttonClasses } from '#web/components/button';
import { deferResolver } from '#web/lib/deferred-resolver';
import { messageOf } from '#web/lib/error-text';
import { resetPassword } from './api/reset-password';
import { AuthForm } from './components/auth-form';
import { AuthLayout, AuthLink } from './components/auth-layout';
import { NewPasswordFields } from './components/new-password-fields';
import type { resetPasswordFormSchema } from './schemas';

type ResetPasswordInput = z.input<typeof resetPasswordFormSchema>;
type ResetPasswordValues = z.output<typeof resetPasswordFormSchema>;

const RESET_FAILED = 'Failed to reset password';

const checks = deferResolver(async () => (await import('./schemas')).resetPasswordResolver);

function InvalidResetLink() {
  return (
    <AuthLayout
      title="Invalid Reset Link"
      subtitle={`This password reset link is incomplete. Reset links work once, for ${RESET_LINK_LIFETIME_TEXT}.`}
      footer={<AuthLink to="/login">Back to log in</AuthLink>}
    >
      <Link to="/forgot-password" className={buttonClasses({ size: 'lg', fullWidth: true })}>
        Request a new reset link
      </Link>
    </AuthLayout>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <InvalidResetLink />;
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, ResetPasswordValues>({
    resolver: checks.resolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setServerError(null);
    try {
      await resetPassword(token, newPassword);
      toast.success('Your password has been reset. Please log in.');
      navigate('/login', { replace: true });
    } catch (error) {
      setServerError(messageOf(error, RESET_FAILED));
    }
  });

  return (
    <AuthLayout
      title="Set a new password"
      subtitle={`Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`}
      footer={<AuthLink to="/login">Back to log in</AuthLink>}
    >
      <AuthForm
        legend="Your new password"
        error={serverError}
        errorAction={<AuthLink to="/forgot-password">Request a new link</AuthLink>}
        submitting={isSubmitting}
        submitLabel="Reset password"
        submittingLabel="Saving…"
        onSubmit={onSubmit}
        onFocus={checks.preload}
      >
        <NewPasswordFields
          label="New password"
          password={register('newPassword')}
          confirmation={register('confirmPassword')}
          errors={{
            password: errors.newPassword?.message,
            confirmation: errors.confirmPassword?.message,
          }}
        />
      </AuthForm>
    </AuthLayout>
  );
}
