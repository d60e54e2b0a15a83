import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES } from '#shared/domain/limits';
import { loginThrottleEntity } from '../core/db/entities/login-throttle';
import { RateLimited } from '../core/errors';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Throttles password guessing per email address: after LOGIN_MAX_FAILURES failures inside the
 * window, sign-in for that address answers 429 until the window has passed. Checked before the
 * (deliberately slow) password hash is computed.
 */
type LoginFailures = { failures: number; windowStartedAt: number } | null;

/** Answers the address's current failures (read once per sign-in), or throws 429 when throttled. */
export const assertLoginAllowed = async (email: string): Promise<LoginFailures> => {
  const { data } = await loginThrottleEntity().get({ email }).go({ consistent: true });
  if (!data) return null;
  const windowEnds = data.windowStartedAt + LOGIN_FAILURE_WINDOW_SECONDS;
  const remaining = windowEnds - nowSeconds();
  if (data.failures >= LOGIN_MAX_FAILURES && remaining > 0) {
    const minutes = Math.ceil(remaining / 60);
    throw new RateLimited(
      'LOGIN_THROTTLED',
      `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      remaining,
    );
  }
  return data;
};

/** Counts one failure on top of what assertLoginAllowed read, starting a new window when due. */
export const recordLoginFailure = async (email: string, current: LoginFailures): Promise<void> => {
  const now = nowSeconds();
  if (!current || current.windowStartedAt + LOGIN_FAILURE_WINDOW_SECONDS <= now) {
    await loginThrottleEntity()
      .put({
        email,
        failures: 1,
        windowStartedAt: now,
        expiresAt: now + LOGIN_FAILURE_WINDOW_SECONDS,
      })
      .go();
    return;
  }
  await loginThrottleEntity().update({ email }).add({ failures: 1 }).go();
};

export const clearLoginFailures = async (email: string): Promise<void> => {
  await loginThrottleEntity().delete({ email }).go();
};
