import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

type NameField = 'firstName' | 'lastName';

interface NameFieldsProps {
  /** The form's `register`: both fields are the form's own. */
  register: (name: NameField) => UseFormRegisterReturn;
  errors: Partial<Record<NameField, { message?: string }>>;
}

/** A person's first and last name, side by side from 640 px (sign-up and the profile). */
export function NameFields({ register, errors }: NameFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
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
  );
}
