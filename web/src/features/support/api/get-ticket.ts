import type { SupportTicket } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { ticketKey } from './ticket-cache';

const route = apiRoute('GET /support/tickets/{id}');

export const fetchTicket = (ticketId: string): Promise<SupportTicket> =>
  callApi(route, { params: { id: ticketId } });

/**
 * Attachment links are signed for a short while: an open ticket is read again well before they
 * expire (and staff's replies appear without reloading).
 */
export const TICKET_REFRESH_MS = 60_000;

/** One ticket (another owner's answers 404: `notFound`). */
export const useTicket = (ticketId: string | null) => {
  const { data, error, isLoading, mutate } = useQuery(
    ticketId ? ticketKey(ticketId) : null,
    () => fetchTicket(ticketId!),
    { refreshInterval: TICKET_REFRESH_MS, shouldRetryOnError: false },
  );
  return {
    ticket: data,
    isLoading,
    failed: Boolean(error) && !data,
    error: error as unknown,
    retry: () => void mutate(),
  };
};
