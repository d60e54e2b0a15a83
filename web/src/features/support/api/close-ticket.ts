import type { SupportTicket } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('PUT /support/tickets/{id}/close');

export const closeTicket = (ticketId: string): Promise<SupportTicket> =>
  callApi(route, { params: { id: ticketId } });
