import * as z from 'zod';
import { defineRoute } from './route';
import { email, existingPassword, newPassword, text, usPhone } from './fields';
import { firstName, lastName, userSchema } from './users';

export const loginBody = z.object(
  { email: email(), password: existingPassword() },
  { error: 'Body must be a JSON object' },
);
export type LoginBody = z.input<typeof loginBody>;

export const registerBody = z.object(
  {
    email: email(),
    password: newPassword(),
    firstName: firstName(),
    lastName: lastName(),
    phoneNumber: usPhone(),
  },
  { error: 'Body must be a JSON object' },
);
export type RegisterBody = z.input<typeof registerBody>;

export const forgotPasswordBody = z.object(
  { email: email() },
  { error: 'Body must be a JSON object' },
);

export const resetPasswordBody = z.object(
  {
    token: text('Reset token', 'Invalid reset token', 200),
    newPassword: newPassword(),
  },
  { error: 'Body must be a JSON object' },
);

export const authResponse = z.object({ access_token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const messageResponse = z.object({ message: z.string() });

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    group: 'auth',
    access: 'public',
    summary: 'Sign in with email and password',
    body: loginBody,
    response: authResponse,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/auth/register',
    group: 'auth',
    access: 'public',
    summary: 'Create an account',
    body: registerBody,
    response: authResponse,
    successStatus: 201,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    group: 'auth',
    access: 'user',
    summary: 'The signed-in user',
    response: userSchema,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    group: 'auth',
    access: 'public',
    summary:
      'Send a single-use password reset link (same answer whether or not the address exists)',
    body: forgotPasswordBody,
    response: messageResponse,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    group: 'auth',
    access: 'public',
    summary: 'Set a new password with a reset token; earlier sign-in tokens stop working',
    body: resetPasswordBody,
    response: messageResponse,
  }),
} as const;
