/** Business constants, shared by the server and the web app so both enforce and show the same numbers. */
export const FOUNDER_ACCOUNT_CAP = 50;
export const TRIAL_DAYS = 14;
export const TRIAL_WARNING_DAYS = 2;
export const VERIFICATION_CODE_LENGTH = 6;
export const PHONE_PLACEHOLDER = '+10000000000';
export const REGISTRATION_REDIRECT_MS = 4000;
export const SOCIAL_ERROR_REDIRECT_MS = 3000;
export const DEFAULT_BRAND_COLOR = '#007BFF';
/**
 * Where a company counts its days until its owner's browser gives its zone: companies made
 * through the API without one, and those made before companies had zones.
 */
export const DEFAULT_TIME_ZONE = 'UTC';
/** The hour of the morning text when the owner has not chosen one (8:00, the company's zone). */
export const DEFAULT_MORNING_HOUR = 8;
export const INTRO_TIER_COMPANY_LIMIT = 1;
export const RECENT_ACTIVITY_ITEMS = 3;
/** The overview's Up next card: the next posts going out. */
export const UP_NEXT_POSTS = 3;
/** The widest window of a company's posts one call lists: a month view shows six weeks at most. */
export const COMPANY_POSTS_WINDOW_MAX_DAYS = 42;
/** Posts one bulk approval takes: each is checked and slotted on its own, in turn. */
export const BULK_APPROVE_MAX = 25;
export const STORAGE_KEYS = { token: 'token', user: 'user' } as const;
/**
 * A cookie script can read, set and cleared with the httpOnly refresh cookie and lasting as long
 * (the browser session without "Remember me"): it tells any tab of the browser, a new one with
 * nothing stored, that a session is there to renew. It holds no secret.
 */
export const SIGNED_IN_COOKIE = 'sailpost_signed_in';

/** A new password's length: long enough to resist guessing, bounded so hashing cannot be abused. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * An access token (readable by script, sent as a bearer header) lives 15 minutes; the session
 * behind it, renewed through an httpOnly refresh cookie, lives 30 days from sign-in at most.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A refresh token already rotated still works this long, for a second tab refreshing at once. */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
/** A password reset link works once, for one hour. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** A Google sign-in must come back from Google within ten minutes of its start. */
export const GOOGLE_STATE_TTL_SECONDS = 10 * 60;
/** The code Google sign-in hands the web app works once, within a minute. */
export const SIGN_IN_CODE_TTL_SECONDS = 60;
/** Password checks before linking Google from the profile, per account per hour. */
export const GOOGLE_LINK_ATTEMPTS_PER_HOUR = 10;

/**
 * Abuse limits. Each is counted atomically before the work it guards, so parallel requests cannot
 * slip past it; a refused request answers 429 with the time to wait.
 *
 * Sign-in attempts for one account from one client address: this many, then a pause that starts
 * at 15 minutes and doubles with each lockout that day (at most a day). Another address is not
 * paused; the per-account ceiling stops a guesser who spreads attempts over many addresses.
 */
export const LOGIN_ATTEMPTS_PER_CLIENT = 5;
export const LOGIN_LOCKOUT_BASE_SECONDS = 15 * 60;
export const LOGIN_LOCKOUT_MAX_SECONDS = 24 * 60 * 60;
export const LOGIN_ATTEMPTS_PER_ACCOUNT_PER_HOUR = 30;
/**
 * A browser that signed in to the account before carries a signed device cookie; its attempts
 * are counted for that browser alone (this many, then the same doubling pause) and never toward
 * the per-account ceiling, so a stranger who reaches the ceiling does not lock the owner out.
 */
export const LOGIN_ATTEMPTS_PER_DEVICE = 5;
/**
 * A year: an owner who stays signed in, or whose business posts only in one season, may not type
 * the password for months, and the cookie must still vouch for their browser then. Each sign-in
 * renews it; browsers keep no cookie longer than 400 days anyway.
 */
export const LOGIN_DEVICE_COOKIE_TTL_SECONDS = 365 * 24 * 60 * 60;
/**
 * Accounts whose device cookie one browser keeps (a shared computer at the shop): every cookie
 * is sent with each sign-in, so they are kept few; signing in drops the least recently used.
 */
export const LOGIN_DEVICE_ACCOUNTS_PER_BROWSER = 5;
/** New accounts from one client address per hour. */
export const REGISTRATIONS_PER_CLIENT_PER_HOUR = 5;
/** Verification texts: one every 30 s per account, and caps per account, number, client and day. */
export const SMS_RESEND_INTERVAL_SECONDS = 30;
export const SMS_PER_ACCOUNT_PER_DAY = 5;
export const SMS_NUMBERS_PER_ACCOUNT_PER_DAY = 2;
/**
 * Texts to one number a day, counted per account that asks: what another account asks for (a
 * stranger who registered with your number) never uses up yours.
 */
export const SMS_PER_NUMBER_PER_ACCOUNT_PER_DAY = 5;
/**
 * Texts to one number a day whichever accounts ask: far above what one or two accounts can send,
 * so it never stops the owner, but it ends harassment of a number; reaching it raises an alarm.
 */
export const SMS_PER_NUMBER_PER_DAY = 20;
export const SMS_PER_CLIENT_PER_HOUR = 3;
/**
 * Verification texts of the whole product a minute, given back continuously (one every 2 s), at
 * most this many at once: a flood is slowed to the rate, so it cannot spend the day's texts in
 * minutes (2,000 take over an hour) and its first minute raises an alarm.
 */
export const SMS_PER_MINUTE_TOTAL = 30;
/** Every verification text of the whole product in a day: the ceiling on what SMS pumping can cost. */
export const SMS_PER_DAY_TOTAL = 2000;
/**
 * The SMS segments a text about posts (a draft, a revision, a failed post) is kept within: it
 * quotes each post whole when it fits, otherwise cuts it at a word. Carriers bill per segment.
 */
export const DRAFT_TEXT_SEGMENTS = 2;
/** Tries at one code, and wrong guesses per account across codes in a day. */
export const PHONE_CODE_TRIES = 5;
export const PHONE_CODE_GUESSES_PER_DAY = 8;
/** Website reads with an AI draft (an outbound fetch and a model call) per user per day. */
export const AI_DRAFTS_PER_USER_PER_DAY = 10;

/** Remaining founder seats: FOUNDER_ACCOUNT_CAP minus total accounts, never below 0. */
export const foundersRemaining = (totalUsers: number): number =>
  Math.max(0, FOUNDER_ACCOUNT_CAP - totalUsers);

/** How long a text's replies and its review link (/r/{code}) are answered, in days. */
export const SMS_DIGEST_DAYS = 7;
