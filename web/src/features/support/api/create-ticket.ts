import type { CreateTicketBody, SupportTicket } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /support/tickets');

export const createTicket = (body: CreateTicketBody): Promise<SupportTicket> =>
  callApi(route, { body });
