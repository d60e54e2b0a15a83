import { afterEach, describe, expect, it, vi } from 'vitest';
import { Unavailable } from '../errors';
import { CONTENDED, retryOnContention, RETRY_NOW, StayedContended } from './contention';

/** When each try began, on the fake clock. */
const timedTries = <T>(verdicts: T[]) => {
  const startedAt: number[] = [];
  const tryOnce = vi.fn(async (attempt: number) => {
    startedAt.push(Date.now());
    return verdicts[attempt - 1] as T;
  });
  return { tryOnce, startedAt };
};

describe('retryOnContention', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const run = async <T>(promise: Promise<T>): Promise<T> => {
    const settled = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    const outcome = await settled;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  };

  it('answers the first try that is not a lost race, numbering the tries', async () => {
    vi.useFakeTimers();
    const { tryOnce } = timedTries([CONTENDED, RETRY_NOW, 'done']);
    expect(await run(retryOnContention({ attempts: 5, exhausted: 'busy' }, tryOnce))).toBe('done');
    expect(tryOnce.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
  });

  it('stops at its bound with a StayedContended in the words given, or the error given', async () => {
    vi.useFakeTimers();
    const lost = timedTries(Array(4).fill(CONTENDED));
    await expect(
      run(
        retryOnContention({ attempts: 3, exhausted: 'The counter stayed contended' }, lost.tryOnce),
      ),
    ).rejects.toThrow(new StayedContended('The counter stayed contended'));
    expect(lost.tryOnce).toHaveBeenCalledTimes(3);

    const again = timedTries(Array(4).fill(RETRY_NOW));
    const busy = new Unavailable('SERVICE_UNAVAILABLE', 'Busy. Please try again.');
    await expect(
      run(retryOnContention({ attempts: 2, exhausted: () => busy }, again.tryOnce)),
    ).rejects.toBe(busy);
    expect(again.tryOnce).toHaveBeenCalledTimes(2);
  });

  it('retries only what the try calls contention: anything it throws ends the retry at once', async () => {
    vi.useFakeTimers();
    const refused = new Error('Condition failed for another reason');
    const tryOnce = vi.fn(async () => {
      throw refused;
    });
    await expect(run(retryOnContention({ attempts: 5, exhausted: 'busy' }, tryOnce))).rejects.toBe(
      refused,
    );
    expect(tryOnce).toHaveBeenCalledTimes(1);
  });

  it('waits a jittered, growing pause after a lost race, none after the last try', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { tryOnce, startedAt } = timedTries(Array(4).fill(CONTENDED));
    await expect(
      run(retryOnContention({ attempts: 4, exhausted: 'busy' }, tryOnce)),
    ).rejects.toThrow(StayedContended);
    const pauses = startedAt.slice(1).map((at, index) => at - startedAt[index]!);
    // CONTENTION_BACKOFF: up to 20 ms × the try's number, here half of it.
    expect(pauses).toEqual([10, 20, 30]);
  });

  it('keeps every pause within the backoff it is given', async () => {
    vi.useFakeTimers();
    const { tryOnce, startedAt } = timedTries(Array(6).fill(CONTENDED));
    await expect(
      run(
        retryOnContention(
          {
            attempts: 6,
            backoff: { stepMs: 10, growth: 'doubling', capMs: 100, jitter: 'half' },
            exhausted: 'busy',
          },
          tryOnce,
        ),
      ),
    ).rejects.toThrow(StayedContended);
    startedAt.slice(1).forEach((at, index) => {
      const longest = Math.min(10 * 2 ** (index + 1), 100);
      expect(at - startedAt[index]!).toBeGreaterThanOrEqual(Math.floor(longest / 2));
      expect(at - startedAt[index]!).toBeLessThanOrEqual(longest);
    });
  });

  it('tries again at once when told to, or when its backoff is none', async () => {
    vi.useFakeTimers();
    const now = timedTries([RETRY_NOW, RETRY_NOW, 'done']);
    expect(await run(retryOnContention({ attempts: 3, exhausted: 'busy' }, now.tryOnce))).toBe(
      'done',
    );
    expect(new Set(now.startedAt).size).toBe(1);

    const none = timedTries([CONTENDED, CONTENDED, 'done']);
    expect(
      await run(
        retryOnContention({ attempts: 3, backoff: 'none', exhausted: 'busy' }, none.tryOnce),
      ),
    ).toBe('done');
    expect(new Set(none.startedAt).size).toBe(1);
  });
});
