import type { CreateResponseBody, TicketResponse } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /support/responses');

/** A reply to a ticket (staff may make it an internal note). */
export const createResponse = (body: CreateResponseBody): Promise<TicketResponse> =>
  callApi(route, { body });
