import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField } from '#web/components/text-field';

interface NewPasswordFieldsProps {
  /** 'Password' on sign-up, 'New password' on a reset. */
  label: string;
  hint?: ReactNode;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
}

/** A password being chosen and the same typed again; the browser may offer a strong one. */
export function NewPasswordFields({
  label,
  hint,
  password,
  confirmation,
  errors,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={hint}
        error={errors.password}
        {...password}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
