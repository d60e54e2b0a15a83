import { act } from '@testing-library/react';

/**
 * `waitFor` for tests that fake setTimeout: Testing Library's own waiting relies on a real
 * setTimeout, so this retries the assertion across real event-loop turns (setImmediate) while
 * the faked clock stands still.
 */
export const waitWithFakeTimers = async (assertion: () => void, attempts = 200) => {
  for (let attempt = 0; ; attempt++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
};
