import { TICKET_PRIORITIES, TICKET_STATUSES } from '#shared/domain/support';
import { Checkbox } from '#web/components/checkbox';
import { SelectField } from '#web/components/select-field';
import type { QueueFilters } from '../queue-filters';
import { PRIORITY_LABELS, STATUS_LABELS } from './ticket-badges';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...TICKET_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
];
const PRIORITY_OPTIONS = [
  { value: 'all', label: 'All priorities' },
  ...TICKET_PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] })),
];

/** Staff's filters: status, priority, and only the tickets assigned to them. */
export function QueueFiltersBar({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange: (changes: Partial<QueueFilters>) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Filter tickets"
      className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-end"
    >
      <SelectField
        label="Status"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(event) => onChange({ status: event.target.value as QueueFilters['status'] })}
        className="sm:w-48"
      />
      <SelectField
        label="Priority"
        options={PRIORITY_OPTIONS}
        value={filters.priority}
        onChange={(event) => onChange({ priority: event.target.value as QueueFilters['priority'] })}
        className="sm:w-48"
      />
      <Checkbox
        label="Assigned to me"
        checked={filters.mine}
        onChange={(event) => onChange({ mine: event.target.checked })}
        className="sm:pb-2.5"
      />
    </div>
  );
}
