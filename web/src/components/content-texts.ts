import {
  CONTENT_TOASTS,
  type ModifyAspect,
  type VisibleContentStatus,
} from '#shared/domain/content';
import { zoneName } from '#shared/domain/time-zones';
import type { BadgeTone } from '#web/components/badge';

/**
 * Screen texts of the Content section that the shared domain does not fix (the spec's own texts
 * are CONTENT_TEXTS, CONTENT_TOASTS and CONTENT_MESSAGES in shared/domain/content).
 */
export const CONTENT_SCREEN_TEXTS = {
  sectionDescription:
    'Posts the AI wrote for this campaign. Nothing is posted until you approve it.',
  loading: 'Loading content',
  loadFailed: 'Failed to load content. Please try again.',
  retry: 'Try again',
  emptyTitle: 'No content yet',
  /** The default view (drafts) is empty: other posts may have been reviewed already. */
  noDraftsTitle: 'No drafts to review',
  emptyActive:
    'Generate a post for one of the campaign’s platforms. It waits here as a draft until you approve it.',
  emptyNoPlatforms:
    'Add a platform to the campaign first: posts are written for one platform each.',
  noMatchTitle: 'No posts match these filters',
  noMatch: 'Try another platform or status, or clear the filters to see every post.',
  editCampaign: 'Edit campaign',
  /** Generate Content on a campaign that is not active: what it is, and the way on. */
  draftCampaign:
    'This campaign is a draft. Activate it to generate content; posts still wait for your approval.',
  pausedCampaign:
    'This campaign is paused. Activate it to generate content; posts still wait for your approval.',
  completedCampaign:
    'This campaign is completed. Activate it to generate content; posts still wait for your approval.',
  activate: 'Activate campaign',
  allPlatforms: 'All platforms',
  allStatuses: 'All statuses',
  notConnected: 'Not connected',
  notify: 'Text me when the draft is ready',
  seeMore: '…see more',
  history: 'Modification history',
  requestChanges: 'Request Changes',
  approve: 'Approve',
  reject: 'Reject',
  revising: 'Revising your post…',
  modifyChooserTitle: 'Request Changes',
  modifyChooserDescription: 'Ask the AI to revise the post, or edit the text yourself.',
  aiTitle: 'Request changes from the AI',
  editTitle: 'Edit the post',
  feedbackLabel: 'What should change?',
  aspectsLegend: 'What to change',
  imagesLegend: 'Images',
  sendToAi: 'Send to AI',
  saveEdit: 'Save changes',
  back: 'Back',
  cancel: 'Cancel',
  generating: 'Generating…',
  noneLeft: (timeZone: string) =>
    `You have used today’s AI generations. More at midnight (${zoneName(timeZone)}), or upgrade your plan.`,
  planLapsed: 'AI generation is paused until the subscription is active again.',
  noTextSent: 'No text was sent: verify your phone in Settings to get your drafts by text.',
  textFailed: 'The text about this draft could not be sent. It is here to review.',
  textsOff:
    'No text was sent: you replied STOP. Text START to us to get your drafts by text again.',
  generatingBadge: 'Generating',
  generatingPost: (platform: string) => `Generating your ${platform} post`,
  /** An approval's toast names when the post goes out (the spec's words first). */
  approvedFor: (when: string) => `${CONTENT_TOASTS.approved}. It goes out ${when}.`,
  approvedUnslotted: `${CONTENT_TOASTS.approved}. It goes out at the campaign’s next free time, once it is running and has one.`,
  undo: 'Undo',
  undone: 'Undone: the post is a draft again',
  undoFailed: 'undo',
  reviewedElsewhere: 'Reviewed in another tab or by text',
} as const;

/** How long a review's toast offers Undo. */
export const UNDO_WINDOW_MS = 10_000;

/** "2 of 5 AI generations left today" */
export const generationsLeftText = (used: number, limit: number): string => {
  const left = Math.max(0, limit - used);
  return `${left} of ${limit} AI ${limit === 1 ? 'generation' : 'generations'} left today`;
};

/** The statuses as the filter and the badges name them. */
export const CONTENT_STATUS_LABELS: Record<VisibleContentStatus, string> = {
  draft: 'Draft',
  modify: 'Changes requested',
  approved: 'Approved',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  failed: 'Failed',
};

export const CONTENT_STATUS_TONES: Record<VisibleContentStatus, BadgeTone> = {
  draft: 'warning',
  modify: 'brand',
  approved: 'success',
  rejected: 'neutral',
  scheduled: 'brand',
  publishing: 'brand',
  published: 'success',
  failed: 'danger',
};

export const MODIFY_ASPECT_LABELS: Record<ModifyAspect, string> = {
  tone: 'Tone',
  length: 'Length',
  messaging: 'Messaging',
  style: 'Style',
};
