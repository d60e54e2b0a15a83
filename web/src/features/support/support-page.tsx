import clsx from 'clsx';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SupportTicket } from '#shared/contract/support';
import { isStaffRole, SUPPORT_PAGE_PATH, supportTicketPath } from '#shared/domain/support';
import { Breadcrumb } from '#web/components/breadcrumb';
import { Button } from '#web/components/button';
import { cardClasses } from '#web/components/card';
import { EmptyState } from '#web/components/empty-state';
import { IconLifebuoy, IconPlus } from '#web/components/icons';
import { PageHeader } from '#web/components/page-header';
import { RetryAlert } from '#web/components/retry-alert';
import { Skeleton } from '#web/components/skeleton';
import { useSession } from '#web/lib/session';
import { useTicketList, type TicketFilters } from './api/list-tickets';
import { useTicketCache } from './api/ticket-cache';
import { NewTicketModal } from './components/new-ticket-modal';
import { QueueFiltersBar } from './components/queue-filters';
import { TicketDetail } from './components/ticket-detail';
import { TicketList } from './components/ticket-list';
import { listFiltersOf, useQueueFilters } from './queue-filters';
import { SUPPORT_TEXTS } from './support-texts';
import { pageCameFrom } from './ticket-context';
import { useTicketDraft } from './ticket-draft';
import { useAttachmentUploads } from './use-attachment-uploads';

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className={clsx(cardClasses, 'p-5')}>
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true" className="space-y-5">
        {[0, 1, 2].map((row) => (
          <div key={row} className="space-y-2">
            <Skeleton className="h-4 w-2/3 max-w-md" />
            <div className="flex gap-2">
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-5 w-16 rounded-full" />
              <Skeleton className="h-5 w-28" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

const NO_FILTERS: TicketFilters = {};

/** The tickets (the owner's own, or staff's queue as filtered), page after page. */
function Tickets({
  staff,
  filters,
  onNewTicket,
}: {
  staff: boolean;
  filters: TicketFilters;
  onNewTicket: () => void;
}) {
  const list = useTicketList(filters);
  if (list.failed) {
    return <RetryAlert onRetry={list.retry}>{SUPPORT_TEXTS.loadListFailed}</RetryAlert>;
  }
  if (list.isLoading) {
    return <ListSkeleton label={staff ? 'Loading the queue' : 'Loading tickets'} />;
  }
  if (list.tickets.length === 0) {
    return staff ? (
      <EmptyState icon={IconLifebuoy} title={SUPPORT_TEXTS.queueEmpty} headingLevel={2} />
    ) : (
      <EmptyState
        headingLevel={2}
        icon={IconLifebuoy}
        title={SUPPORT_TEXTS.empty}
        description={SUPPORT_TEXTS.emptyDescription}
        action={
          <Button onClick={onNewTicket}>
            <IconPlus aria-hidden="true" className="size-4" />
            {SUPPORT_TEXTS.newTicket}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <TicketList tickets={list.tickets} staff={staff} label={staff ? 'Queue' : 'Your tickets'} />
      {list.hasMore ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={list.loadMore} loading={list.loadingMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

function StaffQueue() {
  const { filters, change } = useQueueFilters();
  return (
    <>
      <QueueFiltersBar filters={filters} onChange={change} />
      <Tickets staff filters={listFiltersOf(filters)} onNewTicket={() => undefined} />
    </>
  );
}

/**
 * /dashboard/support. An owner sees their tickets, opens one (`?ticket=`, the link emails carry)
 * and opens new ones; staff (and admins) see every owner's tickets as a queue with filters, and
 * answer and handle them.
 */
export function SupportPage() {
  const { user } = useSession();
  const staff = isStaffRole(user?.role);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const cache = useTicketCache();
  const ticketId = params.get('ticket');
  // Read once, as the page opens: moving between tickets is not "where they came from".
  const [cameFrom] = useState(
    () => pageCameFrom(location.state, document.referrer, window.location.origin) ?? '',
  );
  const draft = useTicketDraft();
  const uploads = useAttachmentUploads();
  const [composing, setComposing] = useState(false);

  const listParams = new URLSearchParams(params);
  listParams.delete('ticket');
  const backTo = `${SUPPORT_PAGE_PATH}${listParams.size ? `?${listParams.toString()}` : ''}`;

  const created = async (ticket: SupportTicket) => {
    setComposing(false);
    draft.reset();
    uploads.clear();
    await cache.store(ticket);
    navigate(supportTicketPath(ticket._id));
  };

  const openNew = () => {
    if (ticketId) navigate(SUPPORT_PAGE_PATH);
    setComposing(true);
  };

  const title = staff ? SUPPORT_TEXTS.staffHeading : SUPPORT_TEXTS.heading;
  return (
    <>
      <title>{`${title} · Sailpost`}</title>
      <PageHeader
        breadcrumb={<Breadcrumb items={[{ label: SUPPORT_TEXTS.heading }]} />}
        title={title}
        description={staff ? SUPPORT_TEXTS.staffIntro : SUPPORT_TEXTS.ownerIntro}
        actions={
          staff ? null : (
            <Button onClick={openNew}>
              <IconPlus aria-hidden="true" className="size-4" />
              {SUPPORT_TEXTS.newTicket}
            </Button>
          )
        }
      />
      {ticketId ? (
        <TicketDetail
          key={ticketId}
          ticketId={ticketId}
          staff={staff}
          backTo={backTo}
          onOpenNew={openNew}
        />
      ) : staff ? (
        <StaffQueue />
      ) : (
        <Tickets staff={false} filters={NO_FILTERS} onNewTicket={openNew} />
      )}
      {composing ? (
        <NewTicketModal
          draft={draft.draft}
          onChange={draft.change}
          uploads={uploads}
          cameFrom={cameFrom}
          onCreated={(ticket) => void created(ticket)}
          onClose={() => setComposing(false)}
        />
      ) : null}
    </>
  );
}
