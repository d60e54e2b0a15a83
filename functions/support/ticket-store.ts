import { PATH_ID_OWNERS } from '#shared/contract/route';
import { isStaffRole } from '#shared/domain/support';
import type { Caller } from '../core/auth/authenticate';
import {
  ALL_TICKETS,
  supportTicketEntity,
  type SupportTicketRecord,
} from '../core/db/entities/support-ticket';
import { NotFound } from '../core/errors';

/** What a stranger's ticket, and a missing one, answer alike. */
export const ticketNotFound = () =>
  new NotFound('SUPPORT_TICKET_NOT_FOUND', PATH_ID_OWNERS.ticket.message);

export const isStaff = (caller: Caller): boolean => isStaffRole(caller.user.role);

export const readTicket = async (ticketId: string): Promise<SupportTicketRecord | null> =>
  (await supportTicketEntity().get({ ticketId }).go({ consistent: true })).data;

/**
 * The one gate for every ticket call: the caller's own ticket, or any ticket for staff. Anyone
 * else's answers exactly like a missing one.
 */
export const loadTicketFor = async (
  ticketId: string,
  caller: Caller,
): Promise<SupportTicketRecord> => {
  const ticket = await readTicket(ticketId);
  if (!ticket || (ticket.ownerId !== caller.userId && !isStaff(caller))) throw ticketNotFound();
  return ticket;
};

/** The attributes the ticket's index keys are made of. */
type KeyParts = Pick<SupportTicketRecord, 'ownerId' | 'status' | 'lastActivityAt'>;

/**
 * A change of the ticket as it was read: its index keys are rebuilt from the parts that change
 * and the ones it had (ElectroDB needs all of an index's parts to rewrite it), and it applies only
 * while the ticket's status and last activity are still what was read — a reply or a change made
 * meanwhile makes it fail its condition, and the caller reads again.
 */
export type TicketChanges = Partial<
  Omit<SupportTicketRecord, 'ticketId' | 'ownerId' | 'createdAt' | 'updatedAt' | 'assigneeId'>
> & {
  /** null unassigns. */
  assigneeId?: string | null;
};

export const changeTicket = (ticket: SupportTicketRecord, changes: TicketChanges) => {
  const keyParts: Partial<KeyParts> & { queue: typeof ALL_TICKETS } = { queue: ALL_TICKETS };
  keyParts.ownerId = ticket.ownerId;
  if (changes.status === undefined) keyParts.status = ticket.status;
  if (changes.lastActivityAt === undefined) keyParts.lastActivityAt = ticket.lastActivityAt;
  const { assigneeId, ...rest } = changes;
  const patch = supportTicketEntity()
    .patch({ ticketId: ticket.ticketId })
    .set({ ...rest, ...(assigneeId ? { assigneeId } : {}) });
  return (assigneeId === null ? patch.remove(['assigneeId']) : patch)
    .composite(keyParts)
    .where(
      (attr, op) =>
        `${op.eq(attr.status, ticket.status)} AND ${op.eq(attr.lastActivityAt, ticket.lastActivityAt)}`,
    );
};
