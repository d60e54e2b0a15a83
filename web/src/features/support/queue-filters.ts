import { useSearchParams } from 'react-router';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from '#shared/domain/support';
import type { TicketFilters } from './api/list-tickets';

/** The queue's filters as the URL keeps them (linkable, and kept on the way back from a ticket). */
export interface QueueFilters {
  status: TicketStatus | 'all';
  priority: TicketPriority | 'all';
  /** Only the tickets assigned to the signed-in staff member. */
  mine: boolean;
}

/** Staff start on the tickets nobody has answered yet, the longest waiting first. */
export const DEFAULT_QUEUE_STATUS: TicketStatus = 'open';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

export const queueFiltersOf = (params: URLSearchParams): QueueFilters => ({
  status:
    params.get('status') === 'all'
      ? 'all'
      : (oneOf(TICKET_STATUSES, params.get('status')) ?? DEFAULT_QUEUE_STATUS),
  priority: oneOf(TICKET_PRIORITIES, params.get('priority')) ?? 'all',
  mine: params.get('mine') === '1',
});

/** What the list call sends for them. */
export const listFiltersOf = (filters: QueueFilters): TicketFilters => ({
  ...(filters.status === 'all' ? {} : { status: filters.status }),
  ...(filters.priority === 'all' ? {} : { priority: filters.priority }),
  ...(filters.mine ? { assignee: 'me' } : {}),
});

export const useQueueFilters = () => {
  const [params, setParams] = useSearchParams();
  const filters = queueFiltersOf(params);
  const change = (changes: Partial<QueueFilters>) => {
    const next = { ...filters, ...changes };
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.status === DEFAULT_QUEUE_STATUS) updated.delete('status');
        else updated.set('status', next.status);
        if (next.priority === 'all') updated.delete('priority');
        else updated.set('priority', next.priority);
        if (next.mine) updated.set('mine', '1');
        else updated.delete('mine');
        return updated;
      },
      { replace: true },
    );
  };
  return { filters, change };
};
