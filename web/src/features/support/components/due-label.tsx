import clsx from 'clsx';
import type { SupportTicket } from '#shared/contract/support';
import { isWaitingStatus } from '#shared/domain/support';
import { IconClock } from '#web/components/icons';
import { dueText, isOverdue } from '../due-text';

/** Whether a ticket still waits for its first answer (the target counts only until then). */
export const awaitsFirstAnswer = (ticket: SupportTicket): boolean =>
  ticket.firstRespondedAt === null && isWaitingStatus(ticket.status);

/**
 * The first-response target of a ticket that still waits for one: "due in 3 h", or "overdue" in
 * red (the word says it; the colour only repeats it). Nothing once answered or resolved.
 */
export function DueLabel({ ticket, now }: { ticket: SupportTicket; now?: Date }) {
  if (!awaitsFirstAnswer(ticket)) return null;
  const late = isOverdue(ticket.firstResponseDueAt, now);
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap',
        late ? 'text-red-700' : 'text-slate-600',
      )}
      title={`First answer due ${new Date(ticket.firstResponseDueAt).toLocaleString()}`}
    >
      <IconClock aria-hidden="true" className="size-3.5" />
      <time dateTime={ticket.firstResponseDueAt}>{dueText(ticket.firstResponseDueAt, now)}</time>
    </span>
  );
}
