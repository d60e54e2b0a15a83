import clsx from 'clsx';
import { Link, useSearchParams } from 'react-router';
import type { SupportTicket } from '#shared/contract/support';
import { cardClasses } from '#web/components/card';
import { IconChevronRight } from '#web/components/icons';
import { sinceText } from '../due-text';
import { DueLabel } from './due-label';
import { PriorityBadge, StaffRepliedMarker, TicketStatusBadge } from './ticket-badges';

interface TicketListProps {
  tickets: readonly SupportTicket[];
  /** Staff's queue: who asked and the first-response target; an owner's list: what is new. */
  staff: boolean;
  label: string;
}

/** `?ticket=id`, keeping the queue's filters so that the way back shows the same list. */
const useTicketLink = () => {
  const [params] = useSearchParams();
  return (ticketId: string) => {
    const next = new URLSearchParams(params);
    next.set('ticket', ticketId);
    return `?${next.toString()}`;
  };
};

function TicketRow({ ticket, staff, to }: { ticket: SupportTicket; staff: boolean; to: string }) {
  const owner = ticket.owner ? `${ticket.owner.firstName} ${ticket.owner.lastName}`.trim() : null;
  return (
    <li className="relative flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-slate-50 sm:px-5">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            to={to}
            className="min-w-0 font-medium break-words text-slate-900 after:absolute after:inset-0 hover:text-brand-700"
          >
            {ticket.subject}
          </Link>
          {!staff && ticket.staffReplied && ticket.status !== 'closed' ? (
            <StaffRepliedMarker />
          ) : null}
        </div>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-500">
          <TicketStatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {staff ? <DueLabel ticket={ticket} /> : null}
          {staff ? (
            <span className="min-w-0 truncate">{owner ? `From ${owner}` : 'Deleted account'}</span>
          ) : null}
          {staff && ticket.assignee ? (
            <span>{`Assigned to ${ticket.assignee.firstName}`}</span>
          ) : null}
          <span>
            {'Last activity '}
            <time dateTime={ticket.lastActivityAt}>{sinceText(ticket.lastActivityAt)}</time>
          </span>
        </div>
      </div>
      <IconChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
    </li>
  );
}

/** Tickets as one card of rows: each row opens its ticket (`?ticket=`), at any width. */
export function TicketList({ tickets, staff, label }: TicketListProps) {
  const linkTo = useTicketLink();
  return (
    <ul
      aria-label={label}
      className={clsx(cardClasses, 'divide-y divide-slate-100 overflow-hidden')}
    >
      {tickets.map((ticket) => (
        <TicketRow key={ticket._id} ticket={ticket} staff={staff} to={linkTo(ticket._id)} />
      ))}
    </ul>
  );
}
