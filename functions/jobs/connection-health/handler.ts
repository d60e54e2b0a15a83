import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { defineJob } from '#functions/core/jobs/define-job';
import { warnAboutConnections } from '#functions/platforms/connection-health';

/**
 * Daily: warns owners whose X or LinkedIn connection ends within a week, or was refused by the
 * provider, once per credential and end (functions/platforms/connection-health.ts).
 */
export const handler = defineJob({
  name: 'connection-health',
  // The scheduled tick's time makes a redelivered tick run once; a run by hand always runs (and
  // still warns nobody twice: each warning is claimed on the credential itself).
  event: z.object({ time: z.string().min(1).optional() }),
  idempotencyKey: (event) => event.time ?? `manual-${randomUUID()}`,
  run: (_event, { logger }) => warnAboutConnections(logger),
});
