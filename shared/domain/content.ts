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

/** What a revision request may ask to change. */
export const MODIFY_ASPECTS = ['tone', 'length', 'messaging', 'style'] as const;
export type ModifyAspect = (typeof MODIFY_ASPECTS)[number];
