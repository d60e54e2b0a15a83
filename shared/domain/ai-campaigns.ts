/**
 * The AI campaign generator's rules and words, shared by the server and the web app: the spec's
 * verbatim texts, the fair-use limits and the shape of a generation's life.
 */
import { formatBytes } from './platform-media';

/** Spec texts: validation, the panel's states, dictation. */
export const AI_CAMPAIGN_TEXTS = {
  descriptionRequired: 'Please enter a description for your campaign',
  companyRequired: 'Company ID is required',
  feedbackRequired: 'Please enter feedback for refinement',
  noCampaignToRefine: 'No campaign to refine',
  loading: 'Sailing towards your perfect campaign...',
  empty: 'No Campaign Generated Yet',
  speechError: 'Speech recognition error. Please try again.',
  speechUnsupported: 'Speech recognition is not supported in your browser.',
  /** 'Use This Campaign' on a version that is already a campaign (another tab, a second click). */
  alreadyUsed:
    'This version is already a campaign. Open that campaign, or start a new one to make another.',
} as const;

/** Spec toasts; failures read `${prefix}: ${message}`. */
export const AI_CAMPAIGN_TOASTS = {
  generated: 'Campaign generated successfully!',
  refined: 'Campaign refined successfully!',
  mediaAnalyzed: 'Media analyzed successfully!',
  generateFailed: 'Failed to generate campaign',
  refineFailed: 'Failed to refine campaign',
  analyzeFailed: 'Failed to analyze media',
} as const;

/** A feedback's sentiment reads 'Positive' above this score, else 'Negative'. */
export const SENTIMENT_POSITIVE_THRESHOLD = 0.5;

/* ----- Limits ----- */

/** Generations and refinements a company may start per day (its time zone), fair use. */
export const AI_CAMPAIGN_RUNS_PER_COMPANY_PER_DAY = 25;
/** Images a company may have described per day, fair use. */
export const AI_MEDIA_ANALYSES_PER_COMPANY_PER_DAY = 30;
export const AI_PROMPT_MAX = 2000;
export const AI_FEEDBACK_MAX = 2000;
export const AI_WEBSITE_URLS_MAX = 3;
/** Files the generator's media area takes (a campaign holds at most this many). */
export const AI_MEDIA_FILES_MAX = 5;
/**
 * An image sent to be described travels in the JSON body as a data URL, scaled down by the
 * browser first; this bounds its decoded bytes (API Gateway and Lambda limit the body to 6 MB).
 */
export const AI_MEDIA_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Why an image to describe is refused for its size (the API's check and the function's). */
export const AI_MEDIA_IMAGE_TOO_LARGE = `The image must be at most ${formatBytes(AI_MEDIA_IMAGE_MAX_BYTES)}`;
export const AI_MEDIA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Versions kept in one history (a generation and its refinements); the oldest go first. */
export const AI_HISTORY_VERSIONS_MAX = 20;
/** Generations (and so histories) are deleted this long after they were made. */
export const AI_HISTORY_DAYS = 30;
/** Campaign ideas on step one. */
export const AI_SUGGESTIONS_MIN = 3;
export const AI_SUGGESTIONS_MAX = 5;

/* ----- A generation's life ----- */

/** Which drafter wrote a draft: a language model, or the offline drafter from the page's own words. */
export const DRAFT_SOURCES = ['openai', 'offline'] as const;
export type DraftSource = (typeof DRAFT_SOURCES)[number];

export const GENERATION_KINDS = ['generate', 'refine'] as const;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

export const GENERATION_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** Where a running generation is, for the progress the screen shows. */
export const GENERATION_STAGES = [
  'queued',
  'reading-websites',
  'drafting',
  'checking',
  'done',
] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

export const GENERATION_STAGE_LABELS: Record<GenerationStage, string> = {
  queued: 'Getting ready…',
  'reading-websites': 'Reading your websites…',
  drafting: 'Drafting your campaign…',
  checking: 'Checking the draft against your plan…',
  done: 'Done',
};

/** How often the browser asks how a generation is going. */
export const GENERATION_POLL_MS = 1500;
/**
 * A generation still pending or running this long after it started has lost its worker (a crash
 * or a time-out): it reads as failed with GENERATION_MESSAGES.lost.
 */
export const GENERATION_LOST_AFTER_MS = 5 * 60 * 1000;

/**
 * A generation still pending or running GENERATION_LOST_AFTER_MS after its worker last began (or,
 * pending, after it was made) has lost its worker — a crash, a time-out, a job that never ran. It
 * is not rewritten: it reads as failed, and its worker refuses to finish it.
 */
export const isLost = (
  generation: { status: GenerationStatus; startedAt?: string; createdAt: string },
  now: number = Date.now(),
): boolean =>
  (generation.status === 'pending' || generation.status === 'running') &&
  now - Date.parse(generation.startedAt ?? generation.createdAt) > GENERATION_LOST_AFTER_MS;

/** Why a generation failed, as the screen shows it after 'Failed to generate campaign: '. */
export const GENERATION_MESSAGES = {
  refused:
    'The AI declined to write this campaign. Try describing it differently, without anything it might consider unsafe.',
  invalidAnswer: "The AI's answer could not be used. Please try again.",
  unavailable: 'The AI service is busy or did not answer in time. Please try again in a minute.',
  lost: 'The generation stopped before it finished. Please try again.',
  notStarted: 'The generation could not be started. Please try again.',
  websiteUnreadable: 'This page could not be read, so it was left out.',
} as const;
