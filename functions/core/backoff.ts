/** Waits `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long to wait before trying again, growing with each try and jittered, so that callers who
 * failed together do not come back together.
 */
export interface Backoff {
  /** The scale: the longest first wait is one step (linear) or two (doubling). */
  readonly stepMs: number;
  /** `linear`: step × attempt; `doubling`: step × 2^attempt. */
  readonly growth: 'linear' | 'doubling';
  /** The longest a wait may grow to. */
  readonly capMs?: number;
  /**
   * `full`: anywhere from nothing to the longest wait, which spreads racing writers out most;
   * `half`: from half of it to all of it, so a throttled request never comes straight back.
   */
  readonly jitter: 'full' | 'half';
}

/** The wait after try `attempt` (1 for the first) failed. `random` is for tests. */
export const backoffMs = (
  attempt: number,
  backoff: Backoff,
  random: () => number = Math.random,
): number => {
  const grown = backoff.growth === 'linear' ? attempt : 2 ** attempt;
  const longest = Math.min(backoff.stepMs * grown, backoff.capMs ?? Infinity);
  return longest * (backoff.jitter === 'full' ? random() : 0.5 + random() / 2);
};

/** Waits as long as `backoff` says after try `attempt` failed. */
export const backOff = (attempt: number, backoff: Backoff): Promise<void> =>
  sleep(backoffMs(attempt, backoff));

/** Writers that lost a race for the same items: a short, widely spread wait. */
export const CONTENTION_BACKOFF: Backoff = { stepMs: 20, growth: 'linear', jitter: 'full' };

/** DynamoDB left items unprocessed (throttling): exponentially longer waits, up to 5 s. */
export const THROTTLE_BACKOFF: Backoff = {
  stepMs: 50,
  growth: 'doubling',
  capMs: 5000,
  jitter: 'half',
};
