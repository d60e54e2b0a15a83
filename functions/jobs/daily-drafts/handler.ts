import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { companiesDueForMorning } from '#functions/domain/companies/morning-roster';
import { forEachConcurrently } from '#functions/core/concurrency';
import { defineJob } from '#functions/core/jobs/define-job';
import { runMorningDrafts } from './morning-drafts';

/** Companies whose mornings one tick works on at once (each calls the drafter in turn). */
const MORNINGS_IN_FLIGHT = 4;

/**
 * The morning text. Hourly (`{ time }`, the tick's time): every company whose local time has just
 * reached its morning hour — read from the morning roster, one partition per zone in use, never a
 * scan (domain/companies/morning-roster.ts) — gets the day's drafts and one text. With
 * `{ companyId }` (the sandbox's Morning now, tests, scripts): that company, as if its morning hour
 * had just come. Either way a company's morning happens once per local day (morning-drafts.ts).
 */
export const handler = defineJob({
  name: 'daily-drafts',
  event: z.object({
    time: z.string().min(1).optional(),
    companyId: z.string().min(1).max(64).optional(),
  }),
  // A tick is claimed by its time, so a redelivered tick does nothing; a company's run is claimed
  // per local day inside (the key here is unique), and a run by hand without either always runs.
  idempotencyKey: (event) =>
    event.companyId
      ? `company#${event.companyId}#${randomUUID()}`
      : event.time
        ? `tick#${event.time}`
        : `manual#${randomUUID()}`,
  run: async ({ time, companyId }, { logger }) => {
    if (companyId) return runMorningDrafts(companyId, logger);

    const parsed = time ? new Date(time) : new Date();
    const now = Number.isNaN(parsed.getTime()) ? new Date() : parsed;
    const due = await companiesDueForMorning(now);
    const outcome = { due: due.length, drafted: 0, drafts: 0, texted: 0, failed: 0 };
    await forEachConcurrently(due, MORNINGS_IN_FLIGHT, async ({ companyId: id }) => {
      try {
        const morning = await runMorningDrafts(id, logger, now);
        if (morning.status !== 'drafted') return;
        outcome.drafted++;
        outcome.drafts += morning.drafts;
        if (morning.text === 'sent') outcome.texted++;
      } catch (error) {
        // One company's failure never costs the others their morning; its claim was given back,
        // and the tick fails below, so the deliverer's retry finds it still to do (the others'
        // mornings are claimed for the day and are not drafted again).
        logger.error('A morning failed', { companyId: id, error: error as Error });
        outcome.failed++;
      }
    });
    logger.info('Mornings of the hour done', outcome);
    if (outcome.failed) throw new Error(`${outcome.failed} of ${outcome.due} mornings failed`);
    return outcome;
  },
});
