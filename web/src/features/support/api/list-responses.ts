import type { Page } from '#shared/contract/paging';
import type { TicketResponse } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { TICKET_REFRESH_MS } from './get-ticket';
import { responsesKey } from './ticket-cache';

const route = apiRoute('GET /support/tickets/{id}/responses');

/** The API's largest page; a conversation longer than one is read page after page. */
const PAGE_SIZE = 100;
/** Enough for any real conversation; the reading stops there rather than looping on a bad cursor. */
const MAX_PAGES = 20;

/** Every response of a ticket, oldest first. */
export const fetchResponses = async (ticketId: string): Promise<TicketResponse[]> => {
  const responses: TicketResponse[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: Page<TicketResponse> = await callApi(route, {
      params: { id: ticketId },
      query: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    });
    responses.push(...answer.data);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return responses;
};

/** A ticket's responses, oldest first (internal notes only in staff's answer). */
export const useResponses = (ticketId: string | null) => {
  const { data, error, isLoading, mutate } = useQuery(
    ticketId ? responsesKey(ticketId) : null,
    () => fetchResponses(ticketId!),
    { refreshInterval: TICKET_REFRESH_MS },
  );
  return {
    responses: data,
    isLoading,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
