import { describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { defineJob } from './define-job';
import type { JobName } from './names';

/** Type tests: `npm run typecheck` proves them (a wrong name is a compile error, not a log line). */
describe('defineJob', () => {
  it('takes a job of JOB_NAMES by its name, and no other name', () => {
    expectTypeOf<Parameters<typeof defineJob>[0]['name']>().toEqualTypeOf<JobName>();

    const spec = {
      event: z.object({ orderId: z.string() }),
      idempotencyKey: (event: { orderId: string }) => event.orderId,
      run: async () => undefined,
    };
    expectTypeOf(defineJob({ name: 'sweeper', ...spec })).toBeFunction();
    // @ts-expect-error: no job is called this (a typo of 'sweeper')
    defineJob({ name: 'sweeepr', ...spec });
    // @ts-expect-error: a name built at run time may be anything
    defineJob({ name: `sweeper-${Date.now()}`, ...spec });
  });
});
