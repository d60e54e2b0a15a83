import { TIERS, type TierId } from '#shared/domain/tiers';
import { Badge } from './badge';

const TONES = { intro: 'neutral', silver: 'neutral', gold: 'warning', platinum: 'brand' } as const;

/** The company's subscription tier by name ('Intro', 'Silver', …). */
export function TierBadge({ tier, className }: { tier: TierId; className?: string }) {
  return (
    <Badge tone={TONES[tier]} title="Subscription tier" className={className}>
      {TIERS[tier].name}
    </Badge>
  );
}
