import type { PlatformId } from './tiers';

/**
 * A generated post's life: drafted, reviewed (approved, rejected, or sent back for changes),
 * slotted, published or failed. `hidden` is never shown.
 */
export const CONTENT_STATUSES = [
  'draft',
  'modify',
  'approved',
  'rejected',
  'scheduled',
  'publishing',
  'published',
  'failed',
  'hidden',
] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Only these can be approved, rejected or sent back for changes. */
export const REVIEWABLE_STATUSES: readonly ContentStatus[] = ['draft', 'modify'];
export const isReviewable = (status: ContentStatus): boolean =>
  REVIEWABLE_STATUSES.includes(status);

/** The list's default filter: what waits for the owner. */
export const DEFAULT_CONTENT_STATUS_FILTER: ContentStatus = 'draft';

/** What a revision request may ask to change. */
export const MODIFY_ASPECTS = ['tone', 'length', 'messaging', 'style'] as const;
export type ModifyAspect = (typeof MODIFY_ASPECTS)[number];

/** How many images one post may carry on each platform (an unknown platform: one). */
export const PLATFORM_IMAGE_LIMITS: Record<PlatformId, number> = {
  facebook: 30,
  twitter: 1,
  instagram: 10,
  linkedin: 1,
};
export const imageLimitOf = (platform: string): number =>
  PLATFORM_IMAGE_LIMITS[platform as PlatformId] ?? 1;

/** A page of a campaign's content: newest first. */
export const DEFAULT_CONTENT_PAGE_SIZE = 20;
export const MAX_CONTENT_PAGE_SIZE = 50;
