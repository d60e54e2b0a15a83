import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import {
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
} from '#shared/contract/auth';

/**
 * Form schemas: the server's request schemas (the same field builders, so the same messages),
 * extended with what only the form has. The pages load this module when a form is first used.
 */
export const loginFormSchema = loginBody.extend({ remember: z.boolean() });

const confirmPassword = () =>
  z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password');

/**
 * 'Passwords do not match' on the confirmation. It is checked as soon as both passwords are
 * typed, even while other fields are still invalid (zod skips refinements on invalid input
 * unless told when to run them).
 */
const mismatch = (passwordKey: 'password' | 'newPassword') => ({
  message: 'Passwords do not match',
  path: ['confirmPassword'],
  when: ({ value }: { value: unknown }) => {
    const values = (value ?? {}) as Record<string, unknown>;
    return typeof values[passwordKey] === 'string' && !!values.confirmPassword;
  },
});

export const registerFormSchema = registerBody
  .extend({ confirmPassword: confirmPassword() })
  .refine((values) => values.password === values.confirmPassword, mismatch('password'));

export const resetPasswordFormSchema = resetPasswordBody
  .pick({ newPassword: true })
  .extend({ confirmPassword: confirmPassword() })
  .refine((values) => values.newPassword === values.confirmPassword, mismatch('newPassword'));

export const forgotPasswordFormSchema = forgotPasswordBody;

export const loginResolver = zodResolver(loginFormSchema);
export const registerResolver = zodResolver(registerFormSchema);
export const resetPasswordResolver = zodResolver(resetPasswordFormSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordFormSchema);
