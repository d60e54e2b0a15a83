import type * as z from 'zod';
import type { Page } from '#shared/contract/paging';
import type { createTicketBody, ticketListQuery, updateTicketBody } from '#shared/contract/support';
import {
  firstResponseDueAt,
  isStaffRole,
  isWaitingStatus,
  SUPPORT_MESSAGES,
  SUPPORT_TICKETS_PER_DAY,
} from '#shared/domain/support';
import type { Caller } from '../core/auth/authenticate';
import { isConditionFailure } from '../core/db/conditions';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import {
  ALL_TICKETS,
  supportTicketEntity,
  type SupportTicketRecord,
} from '../core/db/entities/support-ticket';
import { userEntity } from '../core/db/entities/user';
import { checkCursorOf, readCappedPage } from '../core/db/paging';
import { Conflict, Forbidden, NotFound } from '../core/errors';
import { newTimeOrderedId } from '../core/ids';
import { takeOne, type RateRule } from '../core/limits/rate-limit';
import { waitText } from '../core/limits/wait-text';
import { loadOwnedCompany } from '../domain/ownership/owned-company';
import { checkUploads, discardObjects, keepUploads } from './attachments';
import { scheduleAutoClose, unscheduleAutoClose } from './auto-close';
import { announceNewTicket } from './notifications';
import { changeTicket, isStaff, ticketNotFound, type TicketChanges } from './ticket-store';
import { staffMaySet } from './ticket-status';
import { planText } from './ticket-view';

/** At most ten new tickets a day per owner, counted before anything is written. */
const ticketsPerOwner: RateRule = {
  name: 'support-tickets-owner',
  max: SUPPORT_TICKETS_PER_DAY,
  windowSeconds: 24 * 60 * 60,
  code: 'SUPPORT_TICKET_LIMIT_REACHED',
  message: (seconds) => `${SUPPORT_MESSAGES.dailyLimit}. Please try again in ${waitText(seconds)}.`,
};

const ticketClosed = () => new Conflict('SUPPORT_TICKET_CLOSED', SUPPORT_MESSAGES.ticketClosed);

const CHANGE_ATTEMPTS = { attempts: 5, exhausted: 'The ticket stayed busy' } as const;

/**
 * Opens a ticket. Everything that can be refused is checked first — the company is the caller's,
 * each attachment is an upload of theirs that is what its bytes say — then the day's count is
 * taken (ten at most, however many arrive at once), the files are copied under the ticket and the
 * ticket is written; the support address is told.
 */
export const openTicket = async (
  caller: Caller,
  body: z.output<typeof createTicketBody>,
): Promise<SupportTicketRecord> => {
  const company = body.companyId ? await loadOwnedCompany(body.companyId, caller) : null;
  const uploads = await checkUploads(caller.userId, body.attachmentIds);
  await takeOne(ticketsPerOwner, caller.userId);

  const now = new Date().toISOString();
  const ticketId = newTimeOrderedId();
  const attachments = await keepUploads(ticketId, uploads);
  const record = {
    ticketId,
    ownerId: caller.userId,
    subject: body.subject,
    description: body.description,
    priority: body.priority,
    status: 'open' as const,
    ...(company ? { companyId: company.companyId, contextPlan: planText(company) } : {}),
    contextBrowser: body.context.browser,
    contextPage: body.context.page,
    attachments,
    firstResponseDueAt: firstResponseDueAt(now, body.priority),
    responseCount: 0,
    staffReplied: false,
    lastActivityAt: now,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await supportTicketEntity().create(record).go({ response: 'none' });
  } catch (error) {
    await discardObjects(attachments.map((attachment) => attachment.key));
    throw error;
  }
  await discardObjects(uploads.map((upload) => upload.uploadKey));
  const ticket = (await supportTicketEntity().get({ ticketId }).go({ consistent: true })).data!;
  await announceNewTicket(ticket, caller.user);
  return ticket;
};

/** Items one read of a filtered page looks at, and reads a page makes at most. */
const FILTERED_READ_LIMIT = 200;
const FILTERED_READS = 2;

type KeyedTicket = SupportTicketRecord & Record<string, string>;

interface TicketQuery {
  go(options: object): Promise<{ data: unknown[]; cursor: string | null }>;
  params(): object;
  where(
    filter: (
      attr: Record<'priority' | 'assigneeId' | 'status', unknown>,
      op: { eq: (attr: unknown, value: string) => string },
    ) => string,
  ): TicketQuery;
}

/**
 * One page of tickets. An owner reads their own (gsi1), newest activity first. Staff read every
 * ticket (gsi3), newest activity first, or one status's (gsi2): oldest activity first for a
 * waiting status (open, in_progress), so the ticket waiting longest is on top, newest first
 * otherwise. Priority and assignee (and an owner's status) are filters, each page reading a
 * bounded number of items (a filtered page may be short and still have a next one).
 */
export const listTickets = async (
  caller: Caller,
  query: z.output<typeof ticketListQuery>,
): Promise<Page<SupportTicketRecord>> => {
  const staff = isStaffRole(caller.user.role);
  if (query.assignee !== undefined && !staff) {
    throw new Forbidden('FORBIDDEN', 'Only staff can filter tickets by assignee');
  }
  const entity = supportTicketEntity();
  const [base, indexKeys, statusFiltered] = !staff
    ? [entity.query.byOwner({ ownerId: caller.userId }), ['gsi1pk', 'gsi1sk'], query.status]
    : query.status
      ? [entity.query.byStatus({ status: query.status }), ['gsi2pk', 'gsi2sk'], undefined]
      : [entity.query.everyTicket({ queue: ALL_TICKETS }), ['gsi3pk', 'gsi3sk'], undefined];
  checkCursorOf(query.cursor, base.params());
  const assigneeId = query.assignee === 'me' ? caller.userId : query.assignee;
  const filters: Array<[string, string]> = [
    ...(statusFiltered ? [['status', statusFiltered] as [string, string]] : []),
    ...(query.priority ? [['priority', query.priority] as [string, string]] : []),
    ...(assigneeId ? [['assigneeId', assigneeId] as [string, string]] : []),
  ];
  let filtered = base as unknown as TicketQuery;
  if (filters.length > 0) {
    filtered = filtered.where((attr, op) =>
      filters
        .map(([name, value]) => op.eq(attr[name as 'priority' | 'assigneeId' | 'status'], value))
        .join(' AND '),
    );
  }
  const oldestFirst = staff && query.status !== undefined && isWaitingStatus(query.status);
  return readCappedPage<KeyedTicket>(
    {
      go: async (options) =>
        (await filtered.go({ ...options, order: oldestFirst ? 'asc' : 'desc' })) as {
          data: KeyedTicket[];
          cursor: string | null;
        },
    },
    query,
    {
      reads: filters.length > 0 ? FILTERED_READS : 1,
      readLimit:
        filters.length > 0 ? Math.max(FILTERED_READ_LIMIT, query.limit + 1) : query.limit + 1,
      keyOf: (ticket) => ({
        pk: ticket.pk,
        sk: ticket.sk,
        [indexKeys[0]!]: ticket[indexKeys[0]!],
        [indexKeys[1]!]: ticket[indexKeys[1]!],
      }),
    },
  );
};

/** Runs a change of the ticket again, re-read, when a reply or another change got there first. */
const changeWithRetry = (
  ticket: SupportTicketRecord,
  decide: (current: SupportTicketRecord) => TicketChanges | null,
): Promise<SupportTicketRecord> =>
  retryOnContention(CHANGE_ATTEMPTS, async (attempt) => {
    const current =
      attempt === 1
        ? ticket
        : (await supportTicketEntity().get({ ticketId: ticket.ticketId }).go({ consistent: true }))
            .data;
    if (!current) throw ticketNotFound();
    const changes = decide(current);
    if (!changes) return current;
    try {
      const { data } = await changeTicket(current, changes).go({ response: 'all_new' });
      return data as SupportTicketRecord;
    } catch (error) {
      if (isConditionFailure(error)) return CONTENDED;
      throw error;
    }
  });

/** Closes the ticket for good; closing a closed one answers it as it is. */
export const closeTicket = async (ticket: SupportTicketRecord): Promise<SupportTicketRecord> => {
  const closed = await changeWithRetry(ticket, (current) =>
    current.status === 'closed' ? null : { status: 'closed', closedAt: new Date().toISOString() },
  );
  if (ticket.status === 'resolved') await unscheduleAutoClose(ticket.ticketId);
  return closed;
};

/** Staff may assign only staff. */
const checkAssignee = async (assigneeId: string): Promise<void> => {
  const { data } = await userEntity().get({ userId: assigneeId }).go({ consistent: true });
  if (!data || !isStaffRole(data.role)) {
    throw new NotFound('USER_NOT_FOUND', 'No staff account has this id', {
      assigneeId: 'No staff account has this id',
    });
  }
};

/**
 * Staff change a ticket's status, priority or assignee (null unassigns). A closed ticket takes
 * no change. Becoming resolved writes the ticket's auto-close schedule; leaving resolved removes
 * it.
 */
export const updateTicket = async (
  caller: Caller,
  ticket: SupportTicketRecord,
  body: z.output<typeof updateTicketBody>,
): Promise<SupportTicketRecord> => {
  if (!isStaff(caller)) throw new Forbidden('FORBIDDEN', 'Forbidden');
  if (body.assigneeId) await checkAssignee(body.assigneeId);
  const updated = await changeWithRetry(ticket, (current) => {
    const asked = Object.values(body).some((value) => value !== undefined);
    if (!asked) return null;
    if (current.status === 'closed') {
      const nothingElse = body.priority === undefined && body.assigneeId === undefined;
      if (nothingElse && (body.status === undefined || body.status === 'closed')) return null;
      throw ticketClosed();
    }
    if (body.status && !staffMaySet(current.status, body.status)) throw ticketClosed();
    const now = new Date().toISOString();
    const becomesResolved = body.status === 'resolved' && current.status !== 'resolved';
    return {
      ...(body.status ? { status: body.status } : {}),
      ...(becomesResolved ? { resolvedAt: now } : {}),
      ...(body.status === 'closed' ? { closedAt: now } : {}),
      ...(body.priority ? { priority: body.priority } : {}),
      ...(body.assigneeId !== undefined ? { assigneeId: body.assigneeId } : {}),
    };
  });
  if (updated.status === 'resolved' && ticket.status !== 'resolved') {
    await scheduleAutoClose(updated);
  } else if (ticket.status === 'resolved' && updated.status !== 'resolved') {
    await unscheduleAutoClose(ticket.ticketId);
  }
  return updated;
};
