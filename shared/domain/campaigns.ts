/** Campaign statuses and intentions, as stored and as the API and the web app name them. */
export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;

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

export const DEFAULT_CAMPAIGN_LIST_LIMIT = 10;
