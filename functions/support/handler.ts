import { supportRoutes } from '#shared/contract/support';
import { createGroupHandler } from '../core/http/group-handler';
import { createAttachmentUpload } from './attachments';
import { addResponse, listResponses } from './responses';
import { isStaff, loadTicketFor } from './ticket-store';
import { closeTicket, listTickets, openTicket, updateTicket } from './tickets';
import { responseViews, ticketView, ticketViews } from './ticket-view';

/**
 * Routing only: every route with a ticket in its path loads it first through `loadTicketFor` (the
 * caller's own, or any for staff: anyone else's answers 404 before anything else happens), then
 * hands over to tickets.ts, responses.ts or attachments.ts.
 */
export const handler = createGroupHandler(supportRoutes, {
  listTickets: async ({ query, caller }) => {
    const page = await listTickets(caller, query);
    return {
      data: await ticketViews(page.data, { staff: isStaff(caller) }),
      nextCursor: page.nextCursor,
    };
  },

  createTicket: async ({ body, caller }) =>
    ticketView(await openTicket(caller, body), { staff: isStaff(caller) }),

  getTicket: async ({ params, caller }) =>
    ticketView(await loadTicketFor(params.id, caller), { staff: isStaff(caller) }),

  listResponses: async ({ params, query, caller }) => {
    const page = await listResponses(caller, await loadTicketFor(params.id, caller), query);
    return { data: await responseViews(page.data), nextCursor: page.nextCursor };
  },

  createResponse: async ({ body, caller }) =>
    (await responseViews([await addResponse(caller, body)]))[0]!,

  closeTicket: async ({ params, caller }) =>
    ticketView(await closeTicket(await loadTicketFor(params.id, caller)), {
      staff: isStaff(caller),
    }),

  updateTicket: async ({ params, body, caller }) =>
    ticketView(await updateTicket(caller, await loadTicketFor(params.id, caller), body), {
      staff: true,
    }),

  createAttachmentUpload: async ({ body, caller }) => createAttachmentUpload(caller.userId, body),
});
