import { longestPostText } from './post-text-rules';
import { PLATFORM_IDS, type PlatformId } from './tiers';

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

/** The statuses a list may be filtered by (every one but `hidden`). */
export const VISIBLE_CONTENT_STATUSES = CONTENT_STATUSES.filter(
  (status): status is Exclude<ContentStatus, 'hidden'> => status !== 'hidden',
);
export type VisibleContentStatus = (typeof VISIBLE_CONTENT_STATUSES)[number];

/** Only these can be approved, rejected or sent back for changes. */
export const REVIEWABLE_STATUSES = ['draft', 'modify'] as const satisfies readonly ContentStatus[];
export const isReviewable = (status: ContentStatus): boolean =>
  (REVIEWABLE_STATUSES as readonly ContentStatus[]).includes(status);

/**
 * Where the owner acted on a post (a review, a RETRY or SKIP): in the app, or by replying to a
 * text. The product's own moves (the AI's revision, the publisher's) name none.
 */
export const ACTED_VIA = ['app', 'sms'] as const;
export type ActedVia = (typeof ACTED_VIA)[number];

/*
 * The company's posts across its campaigns (the calendar and its review list): a post waiting for
 * review is listed by when it was written, a post with a time by when it goes out (`scheduledFor`),
 * went out (`publishedAt`) or was due, should it have failed (its `scheduledFor`: where the owner
 * expected it).
 */
export const TIMELINE_LANES = ['review', 'timed'] as const;
export type TimelineLane = (typeof TIMELINE_LANES)[number];
/** The statuses that stand at a time: the calendar's posts, and its status filter. */
export const TIMED_CONTENT_STATUSES = [
  'scheduled',
  'publishing',
  'published',
  'failed',
] as const satisfies readonly ContentStatus[];
export type TimedContentStatus = (typeof TIMED_CONTENT_STATUSES)[number];

/** The lane of the company's timeline a post in `status` is in, or null for none. */
export const timelineLaneOf = (status: ContentStatus): TimelineLane | null =>
  isReviewable(status)
    ? 'review'
    : (TIMED_CONTENT_STATUSES as readonly ContentStatus[]).includes(status)
      ? 'timed'
      : null;

/** Why a post of a bulk approval was approved without a slot, in the owner's words. */
export const BULK_APPROVE_MESSAGES = {
  campaignNotActive: 'Approved. It takes a slot once its campaign is active.',
  noFreeSlot:
    'Approved. Its campaign has no free posting time left before it ends: add times or extend the campaign, and it takes the next one.',
} as const;

/** What a review sets: approve, reject, or ask for changes. */
export const REVIEW_DECISIONS = ['approved', 'rejected', 'modify'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** What a revision request may ask to change. */
export const MODIFY_ASPECTS = ['tone', 'length', 'messaging', 'style'] as const;
export type ModifyAspect = (typeof MODIFY_ASPECTS)[number];

/** The content list's default filter (spec: draft only). */
export const DEFAULT_CONTENT_STATUS_FILTER: VisibleContentStatus = 'draft';
export const CONTENT_PAGE_SIZE = 10;
export const CONTENT_FEEDBACK_MAX = 2000;
/** A direct edit may be as long as the longest platform allows (Facebook). */
export const CONTENT_TEXT_MAX = longestPostText(PLATFORM_IDS);

/**
 * How many images a post may carry, per platform, as the owner picks them in review (spec 2 §3):
 * single-image platforms take one. Stricter than what X and LinkedIn's APIs accept
 * (PLATFORM_MEDIA), on purpose: it is the product's rule for a generated post.
 */
export const CONTENT_IMAGE_LIMITS: Record<PlatformId, number> = {
  facebook: 30,
  twitter: 1,
  instagram: 10,
  linkedin: 1,
};
/** The most images any platform's post may carry: what a review may send before its platform is known. */
export const CONTENT_IMAGES_MAX = Math.max(...Object.values(CONTENT_IMAGE_LIMITS));
export const contentImageLimit = (platform: string): number =>
  CONTENT_IMAGE_LIMITS[platform as PlatformId] ?? 1;

/** Spec texts of the Content section and its modals. */
export const CONTENT_TEXTS = {
  sectionHeading: 'Content',
  generate: 'Generate Content',
  generateMore: 'Generate More Content',
  clearFilters: 'Clear all filters',
  publishingFailed: 'Publishing failed',
  noImages: 'No images available for this platform. Upload images in the Media Assets section.',
  platformRequired: 'Choose a platform',
  feedbackRequired: 'Please describe the changes you want',
  directEditRequired: 'Please enter the post text',
  aiAssistance: 'AI Assistance',
  directEdit: 'Direct Edit',
} as const;

/**
 * Spec toasts. Failures read `${prefix}: ${message}`, except generation, whose server message is
 * shown alone when there is one. (The original's approval toast read "approveed": a typo, fixed.)
 */
export const CONTENT_TOASTS = {
  generated: 'Content generated successfully',
  modificationSent: 'Content modification request sent successfully',
  approved: 'Content approved successfully',
  rejected: 'Content rejected successfully',
  generateFailed: 'Failed to generate content',
  modifyFailed: 'Failed to modify content',
  approveFailed: 'Failed to approve content',
  rejectFailed: 'Failed to reject content',
} as const;

/** Why a generation or review is refused, in the owner's words. */
export const CONTENT_MESSAGES = {
  notFound: 'Content not found',
  campaignNotActive:
    'Content can only be generated for an active campaign. Activate the campaign first.',
  campaignNotStarted:
    'This campaign has not started yet. Content can be generated from its start date.',
  campaignEnded: 'This campaign has ended. Extend its end date to generate more content.',
  platformNotInCampaign: 'This platform is not one of the campaign’s platforms',
  notReviewable: 'This post has already been reviewed. Refresh to see where it is now.',
  imageNotAllowed: 'Choose images from this campaign’s media for this platform',
  feedbackOrEdit: 'Send feedback or a direct edit, not both',
  modifyNeedsChange: 'Say what to change, or edit the text directly',
} as const;

/**
 * Why a review cannot be taken back (Undo), in the owner's words: only an approval or a rejection
 * made by the owner is undone, and only while the post has not gone to be published.
 */
export const UNDO_MESSAGES = {
  publishing: 'This post is being published right now, so its approval can no longer be undone.',
  published: 'This post was already published, so its approval can no longer be undone.',
  failed:
    'Publishing this post failed, so there is no approval to undo. Retry it or skip it instead.',
  revising:
    'The AI has started revising this post, so the request cannot be undone. Review the new version when it is ready.',
  retried: 'This post was retried after publishing failed, so there is no review of yours to undo.',
  skipped: 'This post was skipped after publishing failed, so there is no review of yours to undo.',
  tooOften:
    'This post has been scheduled and taken back too many times to be scheduled again. Generate a new post instead.',
} as const;

/** Where a content generation is, for its progress bar. */
export const CONTENT_GENERATION_STAGES = ['queued', 'drafting', 'checking', 'done'] as const;
export type ContentGenerationStage = (typeof CONTENT_GENERATION_STAGES)[number];
export const CONTENT_GENERATION_STAGE_LABELS: Record<ContentGenerationStage, string> = {
  queued: 'Getting ready…',
  drafting: 'Writing your post…',
  checking: 'Checking it against the platform’s rules…',
  done: 'Done',
};

/** What became of the text that announces a draft. */
export const DRAFT_TEXT_OUTCOMES = [
  'sent',
  'off',
  'no-verified-phone',
  /** The owner replied STOP: nothing is texted until START (or the phone is verified again). */
  'opted-out',
  'failed',
] as const;
export type DraftTextOutcome = (typeof DRAFT_TEXT_OUTCOMES)[number];

/**
 * Why a company's morning drafts did not reach the owner: none were written because the day's AI
 * generations were already used or the plan has lapsed, or they were written but not texted (no
 * verified phone, texts turned off with STOP, the text failed).
 */
export const MORNING_SKIPS = [
  'generations-used',
  'plan-lapsed',
  'no-verified-phone',
  'texts-off',
  'text-failed',
] as const;
export type MorningSkip = (typeof MORNING_SKIPS)[number];

/**
 * AI revisions ("Request Changes" with feedback) a company may ask for per day, fair use. They
 * rewrite a post rather than add one, so they do not count against the plan's daily generations.
 */
export const AI_CONTENT_REVISIONS_PER_COMPANY_PER_DAY = 30;

/** Why a post's generation stopped, beyond the AI's own failures (GENERATION_MESSAGES). */
export const CONTENT_GENERATION_MESSAGES = {
  campaignGone: 'The campaign was deleted before the post was written.',
  changedMeanwhile: 'The post was reviewed or changed meanwhile, so it was not revised.',
} as const;

/* ----- Publishing ----- */

/** A post the provider certainly did not take (429, 5xx) is tried again at most this often. */
export const PUBLISH_MAX_ATTEMPTS = 3;
/** The wait before another attempt: 1, then 4 minutes (or X's rate-limit reset, when later). */
export const publishRetryDelayMs = (attempt: number): number =>
  60_000 * 4 ** (attemptInRound(attempt) - 1);
/**
 * Attempts come in rounds of PUBLISH_MAX_ATTEMPTS (1–3, then 4–6, …): the owner's RETRY of a
 * failed post starts the next round under numbers never used, since the publisher's runs are
 * claimed per post and attempt. An attempt's place in its round decides whether another follows.
 */
export const attemptInRound = (attempt: number): number =>
  ((attempt - 1) % PUBLISH_MAX_ATTEMPTS) + 1;
/** The first attempt of the round after the one `attempt` belongs to (a RETRY's). */
export const firstAttemptOfNextRound = (attempt: number): number =>
  (Math.floor((attempt - 1) / PUBLISH_MAX_ATTEMPTS) + 1) * PUBLISH_MAX_ATTEMPTS + 1;
/**
 * The attempt after a wait that is no failure (the post's turn of a publishing limit): a number
 * never used, at the same place of the next round, so it has its own schedule and claim and uses
 * up none of the round's tries. Null when that number is past PUBLISH_ATTEMPT_MAX.
 */
export const attemptAfterWait = (attempt: number): number | null =>
  attempt + PUBLISH_MAX_ATTEMPTS <= PUBLISH_ATTEMPT_MAX ? attempt + PUBLISH_MAX_ATTEMPTS : null;
/** The highest attempt number the publisher takes (rounds of retries by text included). */
export const PUBLISH_ATTEMPT_MAX = 99;
/** How long the publisher may hold a post; a claim older than this has an unknown outcome. */
export const PUBLISHER_TIMEOUT_SECONDS = 120;

/**
 * Why a post goes later than its slot without having failed (`slotReason`, on its card): its turn
 * of Sailpost's share of the platform's publishing limit, which every owner's posts share.
 */
export const publishLimitTurnNote = (platformName: string): string =>
  `waiting its turn: ${platformName} limits how many posts Sailpost may send at once for everyone, so this one goes as soon as its turn comes`;

/** Why a post failed, in the owner's words (`publishError`). */
export const PUBLISH_ERRORS = {
  unknownOutcome:
    'We could not confirm whether this post went out. Check your account before posting it again.',
  planLapsed: 'Publishing is paused until the subscription is active again.',
  notConnected: 'The account is not connected any more. Reconnect it, then retry.',
  needsReconnection:
    'The platform stopped accepting posts from this account. Reconnect it, then retry.',
  rateLimited: 'The platform kept refusing the post for now (too many posts). Retry later.',
  unavailable: 'The platform was unavailable each time we tried. Retry later.',
} as const;

/** How many of a post's next free slots the owner can move it to. */
export const MOVABLE_SLOTS = 12;

export const SCHEDULE_MESSAGES = {
  notScheduled: 'Only a scheduled post can be moved or published now. Refresh to see where it is.',
  slotNotFree: 'That time is not a free slot of this campaign any more. Choose another.',
  moved: 'Post moved',
  publishing: 'Publishing now',
} as const;
