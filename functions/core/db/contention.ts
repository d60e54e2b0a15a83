import { backOff, CONTENTION_BACKOFF, type Backoff } from '../backoff';

/**
 * One bounded retry for writes that race other writes of the same items: a transaction that met
 * another one (a TransactionConflict) or an optimistic condition that no longer held (a counter
 * moved, a version changed). A try says what happened; everything else it throws stops the retry
 * at once, so only contention is ever tried again.
 */

/** A try lost a race: wait (jittered), then try again, reading afresh what it needs. */
export const CONTENDED = Symbol('contended');
/** A try must run again at once: it has already changed what it will write (a seat re-read). */
export const RETRY_NOW = Symbol('retry now');

type Verdict<T> = T | typeof CONTENDED | typeof RETRY_NOW;

/** Every try lost its race: nothing was written, and the same request may work later. */
export class StayedContended extends Error {
  override name = 'StayedContended';
}

export interface ContentionRetry {
  /** Tries in all, the first one included. */
  readonly attempts: number;
  /** The wait after a lost race (CONTENTION_BACKOFF unless given); `none` tries again at once. */
  readonly backoff?: Backoff | 'none';
  /** Thrown when the last try lost too: a StayedContended with these words, or this error. */
  readonly exhausted: string | (() => Error);
}

/** Runs `attempt` (1, 2, …) until it answers, at most `attempts` times. */
export const retryOnContention = async <T>(
  { attempts, backoff = CONTENTION_BACKOFF, exhausted }: ContentionRetry,
  tryOnce: (attempt: number) => Promise<Verdict<T>>,
): Promise<T> => {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const verdict = await tryOnce(attempt);
    if (verdict === RETRY_NOW) continue;
    if (verdict !== CONTENDED) return verdict;
    if (attempt < attempts && backoff !== 'none') await backOff(attempt, backoff);
  }
  throw typeof exhausted === 'string' ? new StayedContended(exhausted) : exhausted();
};
