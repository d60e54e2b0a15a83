import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { SupportTicket } from '#shared/contract/support';

/** The first element of every ticket list's SWR key (the owner's list, each queue filter). */
export const TICKET_LIST_KEY = 'support-tickets';

export const ticketKey = (ticketId: string) => ['support-ticket', ticketId] as const;
export const responsesKey = (ticketId: string) => ['support-responses', ticketId] as const;

const isListKey = (key: unknown) => Array.isArray(key) && key[0] === TICKET_LIST_KEY;

/**
 * After a change to a ticket: the ticket as the server answered it is stored, and the lists and
 * its responses are read again (its place in the queue, its status, its last activity moved).
 */
export const useTicketCache = () => {
  const { mutate } = useSWRConfig();
  const store = useCallback(
    async (ticket: SupportTicket) => {
      await Promise.all([
        mutate(ticketKey(ticket._id), ticket, { revalidate: false }),
        mutate(responsesKey(ticket._id)),
        mutate(isListKey),
      ]);
    },
    [mutate],
  );
  const refresh = useCallback(
    async (ticketId: string) => {
      await Promise.all([
        mutate(ticketKey(ticketId)),
        mutate(responsesKey(ticketId)),
        mutate(isListKey),
      ]);
    },
    [mutate],
  );
  return { store, refresh };
};
