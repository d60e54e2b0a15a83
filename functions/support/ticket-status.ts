import type { TicketStatus } from '#shared/domain/support';

/**
 * How a ticket's status moves, in one place: the routes and the auto-close job ask here.
 *
 * - open: new, waiting for staff. A staff reply moves it to in_progress.
 * - in_progress: staff are on it. Replies keep it there.
 * - resolved: set by staff. The owner's reply reopens it (open); a staff reply keeps it resolved;
 *   a week without a reply closes it (the auto-close job).
 * - closed: final. It takes no response and no change.
 */

export type ReplyAuthor = 'owner' | 'staff';

/** The status after a visible reply, or null when the ticket takes none (closed). */
export const statusAfterReply = (
  status: TicketStatus,
  author: ReplyAuthor,
): TicketStatus | null => {
  switch (status) {
    case 'closed':
      return null;
    case 'open':
      return author === 'staff' ? 'in_progress' : 'open';
    case 'resolved':
      return author === 'owner' ? 'open' : 'resolved';
    case 'in_progress':
      return 'in_progress';
  }
};

/** Whether staff may set `to` on a ticket that is `from` (a closed ticket stays as it is). */
export const staffMaySet = (from: TicketStatus, to: TicketStatus): boolean =>
  from !== 'closed' || to === 'closed';

/** A ticket closes itself only while it is still resolved. */
export const closesItself = (status: TicketStatus): boolean => status === 'resolved';
