import { PASSWORD_RESET_TTL_SECONDS } from './limits';

const HOUR_SECONDS = 60 * 60;

/** "one hour", "2 hours": a whole number of hours as the texts say it. */
export const hoursText = (hours: number): string => (hours === 1 ? 'one hour' : `${hours} hours`);

/** How long a password reset link works, as every text that says so words it ("one hour"). */
export const RESET_LINK_LIFETIME_TEXT = hoursText(PASSWORD_RESET_TTL_SECONDS / HOUR_SECONDS);
