import type { SupportTicket, UpdateTicketBody } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('PATCH /support/tickets/{id}');

/** Staff only: the ticket's status, priority or assignee. */
export const updateTicket = (ticketId: string, body: UpdateTicketBody): Promise<SupportTicket> =>
  callApi(route, { params: { id: ticketId }, body });
