import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { SupportTicket } from '#shared/contract/support';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { EmptyState } from '#web/components/empty-state';
import { IconArrowLeft, IconBuilding, IconLifebuoy, IconPlus } from '#web/components/icons';
import { RetryAlert } from '#web/components/retry-alert';
import { Skeleton } from '#web/components/skeleton';
import { ApiError } from '#web/lib/api-client';
import { formatDate } from '#web/lib/format';
import { isSessionEnded, messageOf } from '#web/lib/error-text';
import { closeTicket } from '../api/close-ticket';
import { useTicket } from '../api/get-ticket';
import { useResponses } from '../api/list-responses';
import { useTicketCache } from '../api/ticket-cache';
import { SUPPORT_TEXTS } from '../support-texts';
import { AttachmentLinks } from './attachment-links';
import { CloseTicketDialog } from './close-ticket-dialog';
import { ReplyForm } from './reply-form';
import { ResponseList } from './response-list';
import { StaffPanel } from './staff-panel';
import { PriorityBadge, TicketStatusBadge } from './ticket-badges';

interface TicketDetailProps {
  ticketId: string;
  staff: boolean;
  /** The list, as it was left (its filters kept). */
  backTo: string;
  /** 'Open a new ticket' under a closed one (owners). */
  onOpenNew?: () => void;
}

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <IconArrowLeft aria-hidden="true" className="size-4" />
      {SUPPORT_TEXTS.allTickets}
    </Link>
  );
}

function DetailSkeleton() {
  return (
    <div className={clsx(cardClasses, 'p-5')}>
      <p role="status" className="sr-only">
        Loading the ticket
      </p>
      <div aria-hidden="true" className="space-y-4">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-20 w-full" />
      </div>
    </div>
  );
}

/** Where a closed ticket's reply form was: it takes no more, and a new ticket is one click away. */
function ClosedNotice({ onOpenNew }: { onOpenNew?: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="text-sm font-medium text-slate-700">{SUPPORT_TEXTS.closed}</p>
      {onOpenNew ? (
        <Button variant="secondary" onClick={onOpenNew}>
          <IconPlus aria-hidden="true" className="size-4" />
          {SUPPORT_TEXTS.openNew}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * One ticket: its subject, status, priority and description with its files, the replies oldest
 * first, and the reply form (or, once closed, "This ticket is closed"). Staff also see the owner
 * and handle the ticket in a side panel (beside the conversation from 1024 px, under it below).
 */
export function TicketDetail({ ticketId, staff, backTo, onOpenNew }: TicketDetailProps) {
  const { ticket, isLoading, failed, error, retry } = useTicket(ticketId);
  const { responses, failed: responsesFailed, retry: retryResponses } = useResponses(ticketId);
  const cache = useTicketCache();
  const [confirmingClose, setConfirmingClose] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef<string | null>(null);

  // Opening a ticket moves focus to its subject, once: screen readers start where the page changed.
  useEffect(() => {
    if (ticket && focusedFor.current !== ticket._id) {
      focusedFor.current = ticket._id;
      heading.current?.focus();
    }
  }, [ticket]);

  if (failed) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <>
        <BackLink to={backTo} />
        {notFound ? (
          <EmptyState
            headingLevel={2}
            icon={IconLifebuoy}
            title={SUPPORT_TEXTS.ticketNotFound}
            description="It may have been opened from another account."
          />
        ) : (
          <RetryAlert onRetry={retry}>{SUPPORT_TEXTS.loadTicketFailed}</RetryAlert>
        )}
      </>
    );
  }
  if (isLoading || !ticket) {
    return (
      <>
        <BackLink to={backTo} />
        <DetailSkeleton />
      </>
    );
  }

  const closed = ticket.status === 'closed';
  const updated = (next: SupportTicket) => cache.store(next);
  const close = async () => {
    try {
      await updated(await closeTicket(ticket._id));
      setConfirmingClose(false);
      toast.success(SUPPORT_TEXTS.ticketClosed);
    } catch (failure) {
      if (!isSessionEnded(failure)) toast.error(messageOf(failure, 'Failed to close the ticket'));
    }
  };

  return (
    <>
      <BackLink to={backTo} />
      <div className={clsx(staff && 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]')}>
        <article aria-labelledby="ticket-subject-heading" className="min-w-0 space-y-6">
          <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h2
                id="ticket-subject-heading"
                ref={heading}
                tabIndex={-1}
                className="text-xl font-semibold break-words text-slate-900 outline-none"
              >
                {ticket.subject}
              </h2>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-500">
                <TicketStatusBadge status={ticket.status} />
                <PriorityBadge priority={ticket.priority} />
                <span>
                  {'Opened '}
                  <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt)}</time>
                </span>
                {ticket.company ? (
                  <span className="inline-flex items-center gap-1">
                    <IconBuilding aria-hidden="true" className="size-4" />
                    <span className="sr-only">About </span>
                    {ticket.company.name}
                  </span>
                ) : null}
              </div>
            </div>
            {closed ? null : (
              <Button
                variant="danger-ghost"
                onClick={() => setConfirmingClose(true)}
                // Its words line up with the subject's on a phone, where it sits under it.
                className="-ml-4 self-start sm:ml-0"
              >
                {SUPPORT_TEXTS.closeTicket}
              </Button>
            )}
          </header>

          <section aria-label="Description" className={clsx(cardClasses, 'p-4 sm:p-5')}>
            <p className="text-sm leading-6 break-words whitespace-pre-wrap text-slate-800">
              {ticket.description}
            </p>
            <AttachmentLinks attachments={ticket.attachments} />
          </section>

          <section aria-labelledby="ticket-replies-heading" className="space-y-3">
            <h3 id="ticket-replies-heading" className="text-base font-semibold text-slate-900">
              Replies
            </h3>
            {responsesFailed ? (
              <RetryAlert onRetry={retryResponses}>Failed to load the replies</RetryAlert>
            ) : responses ? (
              <ResponseList responses={responses} staff={staff} />
            ) : (
              <Skeleton className="h-16 w-full" />
            )}
          </section>

          {closed ? (
            <ClosedNotice onOpenNew={staff ? undefined : onOpenNew} />
          ) : (
            <ReplyForm
              key={ticket._id}
              ticketId={ticket._id}
              staff={staff}
              onSent={() => cache.refresh(ticket._id)}
            />
          )}
        </article>
        {staff ? (
          <aside aria-label="Ticket handling and owner" className="min-w-0">
            <StaffPanel ticket={ticket} onUpdated={updated} />
          </aside>
        ) : null}
      </div>
      {confirmingClose ? (
        <CloseTicketDialog onCancel={() => setConfirmingClose(false)} onConfirm={close} />
      ) : null}
    </>
  );
}
