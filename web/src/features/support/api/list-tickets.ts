import useSWRInfinite from 'swr/infinite';
import type { Page } from '#shared/contract/paging';
import type { SupportTicket, TicketListQuery } from '#shared/contract/support';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { QUERY_DEFAULTS } from '#web/lib/query';
import { TICKET_LIST_KEY } from './ticket-cache';

const route = apiRoute('GET /support/tickets');

/** What the list is narrowed to (staff only; an owner's list is always their own tickets). */
export type TicketFilters = Pick<TicketListQuery, 'status' | 'priority' | 'assignee'>;

export const ticketListKey = (filters: TicketFilters, cursor: string | null) =>
  [
    TICKET_LIST_KEY,
    filters.status ?? '',
    filters.priority ?? '',
    filters.assignee ?? '',
    cursor ?? '',
  ] as const;

export const fetchTickets = (
  filters: TicketFilters,
  cursor: string | null,
): Promise<Page<SupportTicket>> =>
  callApi(route, {
    query: {
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.priority ? { priority: filters.priority } : {}),
      ...(filters.assignee ? { assignee: filters.assignee } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });

/**
 * The tickets, page after page ('Load more' reads the next): the owner's own, newest activity
 * first; for staff every owner's, as filtered, the longest waiting first.
 */
export const useTicketList = (filters: TicketFilters) => {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite(
    (index: number, previous: Page<SupportTicket> | null) => {
      if (index > 0 && !previous?.nextCursor) return null;
      return ticketListKey(filters, index === 0 ? null : previous!.nextCursor);
    },
    (key: ReturnType<typeof ticketListKey>) => fetchTickets(filters, key[4] || null),
    QUERY_DEFAULTS,
  );
  const tickets = data?.flatMap((page) => page.data) ?? [];
  const hasMore = Boolean(data?.at(-1)?.nextCursor);
  return {
    tickets,
    isLoading,
    failed: Boolean(error) && !data,
    hasMore,
    loadingMore: isValidating && size > (data?.length ?? 0),
    loadMore: () => void setSize(size + 1),
    retry: () => void mutate(),
  };
};
