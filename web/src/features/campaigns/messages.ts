import type { CampaignIntention, CampaignStatus, MediaUsage } from '#shared/domain/campaigns';

/** How the screens name the statuses, intentions and media usages the API names in kebab-case. */
export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
};

export const INTENTION_LABELS: Record<CampaignIntention, string> = {
  educational: 'Educational',
  marketing: 'Marketing',
  inspiration: 'Inspiration',
  'personal-storytelling': 'Personal Storytelling',
  'brand-awareness': 'Brand Awareness',
  'community-building': 'Community Building',
  'product-launch': 'Product Launch',
  'event-promotion': 'Event Promotion',
};

export const USAGE_LABELS: Record<MediaUsage, string> = {
  primary: 'Primary',
  secondary: 'Secondary',
  reference: 'Reference',
};

/** The campaign screens' own texts (the spec's verbatim ones are in shared/domain/campaigns). */
export const CAMPAIGN_SCREEN_TEXTS = {
  noPlatformsConnected: 'No platforms are connected yet.',
  connectPlatforms: 'Connect a platform',
  aiTab: 'AI Campaign Generator',
  manualTab: 'Manual Campaign Creation',
  scheduleIncomplete: 'Choose at least one day and one time to see when posts go out.',
  mediaEmpty: "No media yet. Add images or videos for this campaign's posts.",
  mediaFull: `This campaign has the most media files it can have. Delete one to add another.`,
  deleteMediaTitle: 'Delete media?',
  /** After 'The file {name}'. */
  deleteMediaConfirm: 'is removed from the campaign and its posts. This action cannot be undone.',
} as const;
