import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { defineJob } from '#functions/core/jobs/define-job';
import { collectResults } from './collect-results';

/**
 * Every 15 minutes: reads the results of published posts that are due (about 1 hour, 24 hours
 * and 7 days after publishing) and adds them to the company's totals (collect-results.ts).
 */
export const handler = defineJob({
  name: 'results-collection',
  // The tick's scheduled time is the run's "now", and makes a redelivered tick run once; a run
  // by hand without it reads what is due now.
  event: z.object({ time: z.iso.datetime({ offset: true }).optional() }),
  idempotencyKey: (event) => event.time ?? `manual-${randomUUID()}`,
  run: async (event, { logger }) =>
    collectResults(event.time ? new Date(event.time) : new Date(), logger),
});
