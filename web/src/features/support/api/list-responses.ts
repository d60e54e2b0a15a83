import type { SupportResponseList } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { useQuery } from '#web/lib/query';
import { TICKET_REFRESH_MS } from './get-ticket';
import { responsesKey } from './ticket-cache';

const route = apiRoute('GET /support/tickets/{id}/responses');

export const fetchResponses = (ticketId: string): Promise<SupportResponseList> =>
  callApi(route, { params: { id: ticketId } });

/** A ticket's responses, oldest first (internal notes only in staff's answer). */
export const useResponses = (ticketId: string | null) => {
  const { data, error, isLoading, mutate } = useQuery(
    ticketId ? responsesKey(ticketId) : null,
    () => fetchResponses(ticketId!),
    { refreshInterval: TICKET_REFRESH_MS },
  );
  return {
    responses: data?.data,
    isLoading,
    failed: Boolean(error) && !data,
    retry: () => void mutate(),
  };
};
