import { backOff, type Backoff } from '#functions/core/backoff';

/** Tries of one request to the sandbox's own services. */
const TRIES = 5;
const BACKOFF: Backoff = { stepMs: 100, growth: 'doubling', capMs: 2_000, jitter: 'half' };

/**
 * A request to one of the sandbox's own services (its scheduler, its queues), tried again while
 * the sandbox does not answer: thousands of schedules firing at one instant run their jobs in the
 * sandbox's one process, and their requests back to it can find its connection backlog full
 * (`fetch failed`). AWS's SDK retries a throttled Scheduler or SQS call the same way; without it a
 * retry's schedule would be lost to the sweeper's next round.
 */
export const sandboxFetch = async (url: string, init: RequestInit): Promise<Response> => {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, init);
      if (response.status < 500 || attempt === TRIES) return response;
    } catch (error) {
      if (attempt === TRIES) throw error;
    }
    await backOff(attempt, BACKOFF);
  }
};
