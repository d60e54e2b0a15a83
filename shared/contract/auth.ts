import * as z from 'zod';
import { defineRoute } from './route';
import { bodyErrors, email, existingPassword, newPassword, text, usPhone } from './fields';
import { SMS_RESEND_INTERVAL_SECONDS, VERIFICATION_CODE_LENGTH } from '../domain/limits';
import { firstName, lastName, userSchema } from './users';

export const loginBody = z.strictObject(
  {
    email: email(),
    password: existingPassword(),
    /** "Remember me": the session's cookie outlives the browser session. */
    remember: z.boolean({ error: 'remember must be true or false' }).optional(),
  },
  bodyErrors(),
);
export type LoginBody = z.input<typeof loginBody>;

export const registerBody = z.strictObject(
  {
    email: email(),
    password: newPassword(),
    firstName: firstName(),
    lastName: lastName(),
    phoneNumber: usPhone(),
  },
  bodyErrors(),
);
export type RegisterBody = z.input<typeof registerBody>;

export const forgotPasswordBody = z.strictObject({ email: email() }, bodyErrors());

export const resetPasswordBody = z.strictObject(
  {
    token: text('Reset token', 'Invalid reset token', 200),
    newPassword: newPassword(),
  },
  bodyErrors(),
);

const enableTwoFactorBody = z.strictObject(
  {
    phoneNumber: usPhone().optional(),
    isVerification: z.boolean({ error: 'isVerification must be true or false' }).optional(),
  },
  bodyErrors(),
);

const CODE_FORMAT_MESSAGE = `Enter the ${VERIFICATION_CODE_LENGTH}-digit code`;

const verifyTwoFactorBody = z.strictObject(
  {
    code: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'Verification code is required' : CODE_FORMAT_MESSAGE,
      })
      .trim()
      .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), CODE_FORMAT_MESSAGE),
    isVerification: z.boolean({ error: 'isVerification must be true or false' }).optional(),
  },
  bodyErrors(),
);

const authResponse = z.object({ access_token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

const messageResponse = z.object({ message: z.string() });

/** One query parameter from Google's redirect: bounded, one line of visible characters. */
const googleValue = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[\x21-\x7e ]*$/, `${label} must be one line of visible characters`)
    .optional();

/** What Google sends back to our callback: a code (or an error), the state, and its issuer. */
const googleCallbackQuery = z.object({
  code: googleValue('code', 2048),
  state: googleValue('state', 256),
  iss: googleValue('iss', 256),
  scope: googleValue('scope', 1024),
  authuser: googleValue('authuser', 16),
  hd: googleValue('hd', 256),
  prompt: googleValue('prompt', 64),
  error: googleValue('error', 256),
  error_description: googleValue('error_description', 1024),
});

/** The single-use code the callback handed the web app, for the session it began. */
export const googleSignInBody = z.strictObject(
  { token: text('Sign-in code', 'Invalid sign-in code', 200) },
  bodyErrors(),
);
export type GoogleSignInBody = z.input<typeof googleSignInBody>;

/** Linking Google from the profile begins with the account's password, checked again. */
export const googleLinkBody = z.strictObject({ password: existingPassword() }, bodyErrors());
export type GoogleLinkBody = z.input<typeof googleLinkBody>;

const googleLinkResponse = z.object({
  /** Google's sign-in page, for the browser to go to (its state is bound by a cookie set now). */
  url: z.string(),
});

/** One sign-in that still stands: a session of the account, and how it began. */
const sessionSchema = z.object({
  id: z.string(),
  /** How the user signed in; null for a session begun before the method was kept. */
  method: z.enum(['password', 'google']).nullable(),
  signedInAt: z.string(),
  /** The session this request is made in. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSchema>;
const sessionsResponse = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;

/** The start and the callback answer redirects; their body is empty. */
const redirectResponse = z.undefined();

const verificationStatusResponse = z.object({
  isVerified: z.boolean(),
  /** While a code sent earlier can still verify the number (unexpired, tries left); else null. */
  codeExpiresAt: z.iso.datetime().nullable(),
  /** When the 30-second wait between texts ends; null when a code may be asked for now. */
  resendAvailableAt: z.iso.datetime().nullable(),
});
export type VerificationStatusResponse = z.infer<typeof verificationStatusResponse>;

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/auth/login',
    group: 'auth',
    access: 'public',
    summary: 'Sign in with email and password',
    body: loginBody,
    response: authResponse,
    errors: ['INVALID_CREDENTIALS', 'LOGIN_THROTTLED'],
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
    errors: ['EMAIL_TAKEN', 'PHONE_TAKEN', 'REGISTRATION_THROTTLED', 'SERVICE_UNAVAILABLE'],
  }),
  googleStart: defineRoute({
    method: 'GET',
    path: '/auth/google',
    group: 'auth',
    access: 'public',
    summary:
      "Continue with Google: redirects to Google's sign-in (authorization code with PKCE, state and nonce bound to this browser by a short-lived encrypted cookie)",
    response: redirectResponse,
    successStatus: 302,
    errors: [],
  }),
  googleCallback: defineRoute({
    method: 'GET',
    path: '/auth/google/callback',
    group: 'auth',
    access: 'public',
    summary:
      "Where Google returns: checks the state against this browser's cookie, verifies the ID token, signs the user in (the refresh cookie) and redirects to the web app with a single-use code that lives 60 seconds, or with an error",
    query: googleCallbackQuery,
    response: redirectResponse,
    successStatus: 302,
    errors: [],
  }),
  googleSignIn: defineRoute({
    method: 'POST',
    path: '/auth/google/callback',
    group: 'auth',
    access: 'public',
    summary:
      "Trades the callback's single-use code for the access token of the session Google sign-in began",
    body: googleSignInBody,
    response: authResponse,
    errors: ['INVALID_SIGN_IN_CODE'],
  }),
  googleLink: defineRoute({
    method: 'POST',
    path: '/auth/google/link',
    group: 'auth',
    access: 'user',
    summary:
      "Link Google to the caller's account: checks the password again, then answers Google's sign-in URL, the attempt bound to this browser and this account (Google's return links, signs nobody in, and goes back to the profile)",
    body: googleLinkBody,
    response: googleLinkResponse,
    errors: ['WRONG_PASSWORD', 'GOOGLE_ALREADY_LINKED', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE'],
  }),
  googleUnlink: defineRoute({
    method: 'DELETE',
    path: '/auth/google/link',
    group: 'auth',
    access: 'user',
    summary:
      "Unlink the caller's Google account (only an account with a password: a Google-only one would have no way to sign in)",
    response: userSchema,
    errors: ['GOOGLE_NOT_LINKED', 'GOOGLE_ONLY_ACCOUNT'],
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/auth/sessions',
    group: 'auth',
    access: 'user',
    summary:
      "The caller's sessions that still stand, newest first: when and how (password or Google) each began",
    response: sessionsResponse,
    errors: [],
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh',
    group: 'auth',
    access: 'public',
    summary:
      'A new access token for the session in the httpOnly refresh cookie, which is rotated; a rotated token presented again ends the session',
    response: authResponse,
    errors: ['UNAUTHENTICATED', 'SESSION_ENDED'],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    group: 'auth',
    access: 'public',
    summary:
      'End this session (named by the refresh cookie or the bearer token): its access token stops working at once',
    response: messageResponse,
    errors: [],
  }),
  logoutEverywhere: defineRoute({
    method: 'POST',
    path: '/auth/logout-all',
    group: 'auth',
    access: 'user',
    summary: "End every session of the caller's account, on every device",
    response: messageResponse,
    errors: [],
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    group: 'auth',
    access: 'user',
    summary: 'The signed-in user',
    response: userSchema,
    errors: [],
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
    errors: [],
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    group: 'auth',
    access: 'public',
    summary: 'Set a new password with a reset token; earlier sign-in tokens stop working',
    body: resetPasswordBody,
    response: messageResponse,
    errors: ['INVALID_RESET_TOKEN'],
  }),
  verificationStatus: defineRoute({
    method: 'GET',
    path: '/auth/verification-status',
    group: 'auth',
    access: 'user',
    summary:
      "Whether the caller's phone number is verified; while it is not, until when the code sent last can verify it and when a new one may be sent",
    response: verificationStatusResponse,
    errors: [],
  }),
  sendVerificationCode: defineRoute({
    method: 'POST',
    path: '/auth/2fa/enable',
    group: 'auth',
    access: 'user',
    summary: `Text a ${VERIFICATION_CODE_LENGTH}-digit code to the phone number on the profile (one every ${SMS_RESEND_INTERVAL_SECONDS} seconds)`,
    body: enableTwoFactorBody,
    response: z.object({ message: z.string(), expiresInSeconds: z.number().int() }),
    errors: [
      'PHONE_MISSING',
      'PHONE_MISMATCH',
      'PHONE_OPTED_OUT',
      'PHONE_TAKEN',
      'PHONE_CODE_COOLDOWN',
      'SMS_LIMIT_REACHED',
    ],
  }),
  verifyCode: defineRoute({
    method: 'POST',
    path: '/auth/2fa/verify',
    group: 'auth',
    access: 'user',
    summary: 'Check the texted code; the phone becomes verified',
    body: verifyTwoFactorBody,
    response: z.object({ isVerified: z.literal(true), message: z.string() }),
    errors: [
      'PHONE_CODE_MISSING',
      'PHONE_CODE_EXPIRED',
      'PHONE_CHANGED',
      'PHONE_CODE_WRONG',
      'PHONE_CODE_LOCKED',
      'PHONE_CODE_BUDGET_SPENT',
      'PHONE_TAKEN',
    ],
  }),
} as const;
