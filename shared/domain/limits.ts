/** Business constants, shared by the server and the web app so both enforce and show the same numbers. */
export const FOUNDER_ACCOUNT_CAP = 50;
export const TRIAL_DAYS = 14;
export const TRIAL_WARNING_DAYS = 2;
export const VERIFICATION_CODE_LENGTH = 6;
export const PHONE_PLACEHOLDER = '+10000000000';
export const REGISTRATION_REDIRECT_MS = 4000;
export const SOCIAL_ERROR_REDIRECT_MS = 3000;
export const DEFAULT_BRAND_COLOR = '#007BFF';
export const INTRO_TIER_COMPANY_LIMIT = 1;
export const RECENT_ACTIVITY_ITEMS = 3;
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;

/** Sign-in tokens live for 7 days. */
export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
/** A password reset link works once, for one hour. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** Failed logins for one address: this many inside the window, then 429 until it passes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;

/** Remaining founder seats: 50 minus total accounts, never below 0. */
export const foundersRemaining = (totalUsers: number): number =>
  Math.max(0, FOUNDER_ACCOUNT_CAP - totalUsers);
