import { TICKET_AUTO_CLOSE_DAYS, TICKET_AUTO_CLOSE_MS } from '#shared/domain/support';
import { isConditionFailure } from '../core/db/conditions';
import type { SupportTicketRecord } from '../core/db/entities/support-ticket';
import { logger } from '../core/logger';
import { scheduler } from '../integrations/scheduler/provider';
import { changeTicket, readTicket } from './ticket-store';
import { closesItself } from './ticket-status';

/**
 * A resolved ticket closes itself a week after it was resolved or last replied to, whichever is
 * later: each time a ticket becomes (or stays) resolved with new activity, its one schedule is
 * written again (`update` creates or moves it) with the moment it counts from. When it fires, the
 * ticket-auto-close job closes the ticket only if it is still resolved with exactly that
 * resolution and that last activity — a reply, a reopening or a new resolution since leaves it
 * alone — so a late, early or second delivery does no harm. No scan: one schedule per ticket.
 */

/** What a schedule remembers of the ticket it was written for. */
export interface AutoCloseEvent {
  ticketId: string;
  resolvedAt: string;
  lastActivityAt: string;
}

/** One schedule per ticket (EventBridge: at most 64 characters; a UUID and this prefix fit). */
export const autoCloseScheduleName = (ticketId: string): string => `ticket-close-${ticketId}`;

export const autoCloseKey = (event: AutoCloseEvent): string =>
  `${event.ticketId}@${event.resolvedAt}@${event.lastActivityAt}`;

/** When the resolved ticket closes itself if nobody replies. */
export const autoCloseAt = (ticket: Pick<SupportTicketRecord, 'resolvedAt' | 'lastActivityAt'>) =>
  new Date(
    Math.max(
      Date.parse(ticket.resolvedAt ?? ticket.lastActivityAt),
      Date.parse(ticket.lastActivityAt),
    ) + TICKET_AUTO_CLOSE_MS,
  );

/** Writes (or moves) the ticket's auto-close schedule; the ticket must be resolved. */
export const scheduleAutoClose = async (ticket: SupportTicketRecord): Promise<void> => {
  if (!closesItself(ticket.status) || !ticket.resolvedAt) return;
  const event: AutoCloseEvent = {
    ticketId: ticket.ticketId,
    resolvedAt: ticket.resolvedAt,
    lastActivityAt: ticket.lastActivityAt,
  };
  await (
    await scheduler()
  ).update({
    name: autoCloseScheduleName(ticket.ticketId),
    description: `Closes the resolved ticket "${ticket.subject.slice(0, 200)}" after ${TICKET_AUTO_CLOSE_DAYS} days without a reply`,
    job: 'ticket-auto-close',
    at: autoCloseAt(ticket),
    timeZone: 'UTC',
    payload: { ...event },
  });
};

/**
 * Removes the schedule of a ticket that is no longer resolved. A failure is only logged: the job
 * would find the ticket changed and leave it alone.
 */
export const unscheduleAutoClose = async (ticketId: string): Promise<void> => {
  try {
    await (await scheduler()).delete(autoCloseScheduleName(ticketId));
  } catch (error) {
    logger.warn('Could not remove a ticket auto-close schedule', { ticketId, error });
  }
};

export type AutoCloseOutcome = 'closed' | 'gone' | 'changed';

/** The job's work: closes the ticket if nothing happened to it since the schedule was written. */
export const closeIfStillResolved = async (event: AutoCloseEvent): Promise<AutoCloseOutcome> => {
  const ticket = await readTicket(event.ticketId);
  if (!ticket) return 'gone';
  const unchanged =
    closesItself(ticket.status) &&
    ticket.resolvedAt === event.resolvedAt &&
    ticket.lastActivityAt === event.lastActivityAt;
  if (!unchanged) return 'changed';
  try {
    await changeTicket(ticket, { status: 'closed', closedAt: new Date().toISOString() }).go({
      response: 'none',
    });
  } catch (error) {
    // A reply landed between the read and the write.
    if (isConditionFailure(error)) return 'changed';
    throw error;
  }
  return 'closed';
};
