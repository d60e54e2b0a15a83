import type { TimedContentStatus } from '#shared/domain/content';
import type { CalendarView } from './calendar-dates';

/** The calendar's words. */
export const CALENDAR_TEXTS = {
  title: 'Calendar',
  loading: 'Loading calendar',
  loadFailed: 'The calendar could not be loaded.',
  empty: (view: CalendarView) => `No posts this ${view}`,
  emptyHint: 'Approved posts show here at the time they go out.',
  needsReview: 'Needs review',
  needsReviewHint: 'Drafts of every campaign, oldest first.',
  draftsLoading: 'Loading drafts',
  draftsFailed: 'The drafts waiting could not be loaded.',
  noDrafts: 'Nothing waits for your review.',
  moreDrafts: (count: number) =>
    `Showing the oldest ${count}. Approve or review them to see the rest.`,
  approveAll: 'Approve all',
  approving: 'Approving…',
  changesRequested: 'With the AI for changes',
  movedTo: (slot: string) => `Moved to ${slot}`,
  movedNearest: (asked: string, slot: string) =>
    `${asked} is not a free time of its campaign: moved to the nearest free time, ${slot}`,
  noFreeSlot: 'Its campaign has no other free time before it ends. Use Move to publish it now.',
  moreOnDay: (count: number) => `+${count} more`,
  results: 'Approve all',
  dismiss: 'Dismiss',
} as const;

/** How many posts a month's day shows before '+N more'. */
export const MONTH_DAY_POSTS = 3;

/** A timed post's status: its word (said, and shown beside its colour) and its colour. */
export const TIMED_STATUS: Record<TimedContentStatus, { label: string; bar: string; dot: string }> =
  {
    scheduled: { label: 'Scheduled', bar: 'border-l-brand-500', dot: 'bg-brand-500' },
    publishing: { label: 'Publishing', bar: 'border-l-amber-500', dot: 'bg-amber-500' },
    published: { label: 'Published', bar: 'border-l-emerald-500', dot: 'bg-emerald-500' },
    failed: { label: 'Failed', bar: 'border-l-red-500', dot: 'bg-red-500' },
  };
