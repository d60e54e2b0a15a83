import type { TicketPriority, TicketStatus } from '#shared/domain/support';
import { Badge, type BadgeTone } from '#web/components/badge';
import { IconChat } from '#web/components/icons';
import { SUPPORT_TEXTS } from '../support-texts';

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** The colour only repeats the word: blue waiting, amber being worked on, green done, grey closed. */
const STATUS_TONES: Record<TicketStatus, BadgeTone> = {
  open: 'brand',
  in_progress: 'warning',
  resolved: 'success',
  closed: 'neutral',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Urgent stands out in red; the others are plain words. */
export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge tone={priority === 'urgent' ? 'danger' : 'neutral'} data-priority={priority}>
      <span className="sr-only">Priority: </span>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** On a ticket whose latest reply is the team's: there is something to read. */
export function StaffRepliedMarker() {
  return (
    <Badge tone="brand">
      <IconChat aria-hidden="true" className="size-3.5" />
      {SUPPORT_TEXTS.staffReplied}
    </Badge>
  );
}
