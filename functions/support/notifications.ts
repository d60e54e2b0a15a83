import { supportTicketPath } from '#shared/domain/support';
import { resolveAppUrl } from '../core/app-url';
import { required } from '../core/config';
import type { SupportTicketRecord } from '../core/db/entities/support-ticket';
import type { UserRecord } from '../core/db/entities/user';
import { logger } from '../core/logger';
import { emailSender } from '../integrations/email/provider';

/**
 * The emails of support: a new ticket is announced to the support address (SUPPORT_EMAIL), and a
 * staff reply (never an internal note) is sent to the ticket's owner with a link to the ticket.
 * The owner answers in the app, not by email. A failed send is logged, not answered: the ticket
 * or the reply is saved, and failing the request would only invite the same message twice.
 */

const ticketLink = async (ticketId: string) =>
  `${await resolveAppUrl()}${supportTicketPath(ticketId)}`;

const sendQuietly = async (what: string, send: () => Promise<void>) => {
  try {
    await send();
  } catch (error) {
    logger.error(`Could not send the ${what} email`, { error });
  }
};

export const announceNewTicket = (ticket: SupportTicketRecord, owner: UserRecord) =>
  sendQuietly('new ticket', async () => {
    await (
      await emailSender()
    ).send({
      to: required('SUPPORT_EMAIL'),
      subject: `New ticket (${ticket.priority}): ${ticket.subject}`,
      text: [
        `${owner.firstName} ${owner.lastName} <${owner.email}> opened a ticket.`,
        `Priority: ${ticket.priority}. First response due ${ticket.firstResponseDueAt}.`,
        '',
        ticket.description,
        '',
        `Answer it in the app: ${await ticketLink(ticket.ticketId)}`,
      ].join('\n'),
    });
  });

export const sendStaffReply = (
  ticket: SupportTicketRecord,
  owner: UserRecord,
  reply: { content: string; authorFirstName: string },
) =>
  sendQuietly('staff reply', async () => {
    await (
      await emailSender()
    ).send({
      to: owner.email,
      subject: `Re: ${ticket.subject}`,
      text: [
        `Hi ${owner.firstName},`,
        '',
        `${reply.authorFirstName} from Sailpost support replied to your ticket:`,
        '',
        reply.content,
        '',
        `See the ticket and reply in the app: ${await ticketLink(ticket.ticketId)}`,
      ].join('\n'),
    });
  });
