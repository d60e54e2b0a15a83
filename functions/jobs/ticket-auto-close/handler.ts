import * as z from 'zod';
import { defineJob } from '#functions/core/jobs/define-job';
import { autoCloseKey, closeIfStillResolved } from '#functions/support/auto-close';

/**
 * Closes a resolved support ticket a week after its resolution or its last reply
 * (functions/support/auto-close.ts), fired by the one-time schedule written when it became or
 * stayed resolved. Keyed by the ticket, its resolution and its last activity: a second delivery
 * answers `duplicate`, and a ticket that changed since is left alone.
 */
export const handler = defineJob({
  name: 'ticket-auto-close',
  event: z.object({
    ticketId: z.string().min(1),
    resolvedAt: z.string().min(1),
    lastActivityAt: z.string().min(1),
  }),
  idempotencyKey: autoCloseKey,
  run: async (event, { logger }) => {
    const outcome = await closeIfStillResolved(event);
    logger.info('Resolved ticket checked for closing', { ticketId: event.ticketId, outcome });
    return { outcome };
  },
});
