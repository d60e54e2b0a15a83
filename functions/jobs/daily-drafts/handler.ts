import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { companiesDueForMorning } from '#functions/domain/companies/morning-roster';
import { defineJob } from '#functions/core/jobs/define-job';
import { workQueue } from '#functions/integrations/queues/provider';
import { runMorningDrafts } from './morning-drafts';
import type { MorningWorkItem } from './morning-work-item';

/**
 * The morning text. Hourly (`{ time }`, the tick's time): every company whose local time has just
 * reached its morning hour — read from the morning roster, one partition per zone in use, never a
 * scan (domain/companies/morning-roster.ts) — is handed to the mornings queue, one work item each:
 * the company-morning job drafts and texts each on its own, as many at once as the outside limits
 * allow, and retries each on its own. With `{ companyId }` (the sandbox's Morning now, tests,
 * scripts): that company's morning here and now, as if its morning hour had just come. Either way
 * a company's morning happens once per local day (morning-drafts.ts).
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
    const items: { body: MorningWorkItem }[] = due.map(({ companyId: id }) => ({
      body: { companyId: id, time: now.toISOString() },
    }));
    // A send that fails fails the tick: its claim is given back and the deliverer's retry sends
    // every item again; mornings already queued or done find their day claimed and do nothing.
    await (await workQueue()).send('company-morning', items);
    logger.info('Mornings of the hour queued', { due: due.length });
    return { due: due.length, queued: items.length };
  },
});
