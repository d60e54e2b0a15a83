/** Campaign constants (spec 2 §3, §4). */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_INTENTIONS = [
  'educational',
  'marketing',
  'inspiration',
  'personal-storytelling',
  'brand-awareness',
  'community-building',
  'product-launch',
  'event-promotion',
] as const;
export type CampaignIntention = (typeof CAMPAIGN_INTENTIONS)[number];

export const DEFAULT_CAMPAIGN_LIST_LIMIT = 10;
