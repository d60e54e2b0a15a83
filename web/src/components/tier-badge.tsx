import type { Company } from '#shared/contract/companies';
import { effectiveTierOf } from '#shared/domain/subscription';
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

/** A founder's company: the intro tier free for life. */
export function FounderBadge({ className }: { className?: string }) {
  return (
    <Badge tone="success" title="Founder company: Intro is free for life" className={className}>
      Founder
    </Badge>
  );
}

export type PlanBadgeFacts = Pick<
  Company,
  'subscriptionTier' | 'founder' | 'trialEndDate' | 'stripeSubscriptionId' | 'subscription'
>;

/**
 * The tier whose limits apply now (a trial, a founder's company or an unpaid subscription is on
 * intro, whatever tier was bought), and the Founder badge for a founder's company.
 */
export function PlanBadges({ company }: { company: PlanBadgeFacts }) {
  return (
    <>
      <TierBadge tier={effectiveTierOf(company)} />
      {company.founder ? <FounderBadge /> : null}
    </>
  );
}
