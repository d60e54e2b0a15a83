import type * as z from 'zod';
import type { Page, PageQuery } from '#shared/contract/paging';
import type { createResponseBody } from '#shared/contract/support';
import { SUPPORT_MESSAGES } from '#shared/domain/support';
import type { Caller } from '../core/auth/authenticate';
import { CONTENDED, retryOnContention } from '../core/db/contention';
import { supportTicketEntity, type SupportTicketRecord } from '../core/db/entities/support-ticket';
import {
  ticketResponseEntity,
  type TicketResponseRecord,
} from '../core/db/entities/ticket-response';
import { userEntity } from '../core/db/entities/user';
import { checkCursorOf, readPage } from '../core/db/paging';
import {
  asTransactionItem,
  lostRace,
  TransactionCancelled,
  writeTransaction,
} from '../core/db/transaction';
import { Conflict, Forbidden } from '../core/errors';
import { newTimeOrderedId } from '../core/ids';
import { checkUploads, discardObjects, keepUploads } from './attachments';
import { scheduleAutoClose, unscheduleAutoClose } from './auto-close';
import { sendStaffReply } from './notifications';
import { changeTicket, isStaff, loadTicketFor, readTicket, ticketNotFound } from './ticket-store';
import { statusAfterReply, type ReplyAuthor } from './ticket-status';

const ticketClosed = () => new Conflict('SUPPORT_TICKET_CLOSED', SUPPORT_MESSAGES.ticketClosed);

const REPLY_ATTEMPTS = { attempts: 6, exhausted: 'The ticket stayed busy' } as const;

/** Staff answering someone's ticket reply as staff; anyone on their own ticket, as its owner. */
const authorOf = (caller: Caller, ticket: SupportTicketRecord): ReplyAuthor =>
  isStaff(caller) && ticket.ownerId !== caller.userId ? 'staff' : 'owner';

/**
 * A visible reply: the response is written in the same transaction that moves the ticket's
 * response count, last activity, `staffReplied` and status (statusAfterReply), on the condition
 * that the ticket is still as read — a reply or change meanwhile makes it read again and retry.
 */
const writeReply = (
  first: SupportTicketRecord,
  response: TicketResponseRecord,
  author: ReplyAuthor,
): Promise<SupportTicketRecord> =>
  retryOnContention(REPLY_ATTEMPTS, async (attempt) => {
    const ticket = attempt === 1 ? first : await readTicket(first.ticketId);
    if (!ticket) throw ticketNotFound();
    const status = statusAfterReply(ticket.status, author);
    if (!status) throw ticketClosed();
    const changes = {
      status,
      responseCount: ticket.responseCount + 1,
      lastActivityAt: response.createdAt,
      staffReplied: author === 'staff',
      ...(author === 'staff' && !ticket.firstRespondedAt
        ? { firstRespondedAt: response.createdAt }
        : {}),
    };
    const outcome = await writeTransaction(
      { tickets: supportTicketEntity(), responses: ticketResponseEntity() },
      ({ responses }) => ({
        ticket: asTransactionItem(changeTicket(ticket, changes)),
        response: responses.create(response).commit(),
      }),
    );
    if (outcome.committed) return { ...ticket, ...changes };
    if (lostRace(outcome, 'ticket')) return CONTENDED;
    throw new TransactionCancelled('Reply to a ticket', outcome);
  });

/** An internal note: the ticket is left as it is (the owner sees no sign of it), unless closed. */
const writeNote = async (ticket: SupportTicketRecord, response: TicketResponseRecord) => {
  const outcome = await writeTransaction(
    { tickets: supportTicketEntity(), responses: ticketResponseEntity() },
    ({ tickets, responses }) => ({
      ticket: tickets
        .check({ ticketId: ticket.ticketId })
        .where((attr, op) => `${op.exists(attr.ownerId)} AND ${op.ne(attr.status, 'closed')}`)
        .commit(),
      response: responses.create(response).commit(),
    }),
  );
  if (outcome.committed) return;
  if (outcome.failedConditions.has('ticket')) throw ticketClosed();
  throw new TransactionCancelled('Note on a ticket', outcome);
};

/**
 * Replies to a ticket the caller may see. `internal` is staff's alone (anyone else gets 403 and
 * nothing is written). A closed ticket takes nothing. A staff reply emails the owner; a reply that
 * keeps a ticket resolved moves its auto-close a week on; an owner's reply that reopens it removes
 * the auto-close.
 */
export const addResponse = async (
  caller: Caller,
  body: z.output<typeof createResponseBody>,
): Promise<TicketResponseRecord> => {
  const ticket = await loadTicketFor(body.ticketId, caller);
  const internal = body.internal === true;
  if (internal && !isStaff(caller)) {
    throw new Forbidden('FORBIDDEN', 'Only staff can write internal notes');
  }
  if (ticket.status === 'closed') throw ticketClosed();
  const uploads = await checkUploads(caller.userId, body.attachmentIds);
  const attachments = await keepUploads(ticket.ticketId, uploads);
  const author = authorOf(caller, ticket);
  const now = new Date().toISOString();
  const response: TicketResponseRecord = {
    ticketId: ticket.ticketId,
    responseId: newTimeOrderedId(),
    authorId: caller.userId,
    content: body.content,
    isStaffResponse: author === 'staff',
    internal,
    attachments,
    createdAt: now,
    updatedAt: now,
  };
  let after: SupportTicketRecord;
  try {
    if (internal) {
      await writeNote(ticket, response);
      after = ticket;
    } else {
      after = await writeReply(ticket, response, author);
    }
  } catch (error) {
    await discardObjects(attachments.map((attachment) => attachment.key));
    throw error;
  }
  await discardObjects(uploads.map((upload) => upload.uploadKey));
  if (!internal) await afterReply(ticket, after, response, caller);
  return response;
};

const afterReply = async (
  before: SupportTicketRecord,
  after: SupportTicketRecord,
  response: TicketResponseRecord,
  caller: Caller,
): Promise<void> => {
  if (after.status === 'resolved') await scheduleAutoClose(after);
  else if (before.status === 'resolved') await unscheduleAutoClose(after.ticketId);
  if (!response.isStaffResponse) return;
  const { data: owner } = await userEntity().get({ userId: after.ownerId }).go();
  // A deleted account is told nothing.
  if (owner) {
    await sendStaffReply(after, owner, {
      content: response.content,
      authorFirstName: caller.user.firstName,
    });
  }
};

/** One page of the ticket's responses, oldest first; internal notes for staff alone. */
export const listResponses = async (
  caller: Caller,
  ticket: SupportTicketRecord,
  page: PageQuery,
): Promise<Page<TicketResponseRecord>> => {
  const all = ticketResponseEntity().query.byTicket({ ticketId: ticket.ticketId });
  checkCursorOf(page.cursor, all.params());
  if (isStaff(caller)) return readPage(all, page);
  return readPage(
    all.where((attr, op) => op.eq(attr.internal, false)),
    page,
    { filtered: true },
  );
};
