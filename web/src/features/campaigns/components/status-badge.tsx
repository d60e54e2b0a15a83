import type { CampaignStatus } from '#shared/domain/campaigns';
import { Badge, type BadgeTone } from '#web/components/badge';
import { STATUS_LABELS } from '../messages';

/** Green for active, yellow for draft, grey otherwise. */
const TONES: Record<CampaignStatus, BadgeTone> = {
  active: 'success',
  draft: 'warning',
  paused: 'neutral',
  completed: 'neutral',
};

export function StatusBadge({
  status,
  size = 'sm',
}: {
  status: CampaignStatus;
  size?: 'sm' | 'md';
}) {
  return (
    <Badge tone={TONES[status]} size={size} data-status={status}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
