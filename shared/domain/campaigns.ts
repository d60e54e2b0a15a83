/**
 * Campaigns: statuses, intentions, schedule and media constants and the user-visible texts, for
 * the server and the web app alike (zod-free: the web imports this without zod).
 */
import { formatBytes } from './platform-media';
import { zoneName } from './time-zones';

/** Campaign statuses and intentions, as stored and as the API and the web app name them. */
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
/** The most a list's `skip` may be: a list reads `skip + limit` items at most (prefer `cursor`). */
export const MAX_CAMPAIGN_LIST_SKIP = 1000;

/** Form defaults: a new campaign is a draft, personal storytelling, from today for 30 days. */
export const DEFAULT_CAMPAIGN_STATUS: CampaignStatus = 'draft';
export const DEFAULT_CAMPAIGN_INTENTION: CampaignIntention = 'personal-storytelling';
export const DEFAULT_CAMPAIGN_DAYS = 30;

/** Field limits (the form and the API hold texts to the same lengths). */
export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
export const CONTENT_INSTRUCTIONS_MAX = 2000;
export const KEY_MESSAGE_MAX = 500;
export const MAX_KEY_MESSAGES = 20;

/* ----- Schedule ----- */

/** Posting days, Monday first (ISO week). */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, { short: string; long: string }> = {
  mon: { short: 'Mon', long: 'Monday' },
  tue: { short: 'Tue', long: 'Tuesday' },
  wed: { short: 'Wed', long: 'Wednesday' },
  thu: { short: 'Thu', long: 'Thursday' },
  fri: { short: 'Fri', long: 'Friday' },
  sat: { short: 'Sat', long: 'Saturday' },
  sun: { short: 'Sun', long: 'Sunday' },
};

/** Posting times a day, at most. */
export const MAX_POSTING_TIMES = 6;
/** A posting time, 24-hour `HH:mm` ("09:00", "17:30"). */
export const POSTING_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The schedule a campaign gets when none is sent: weekdays at 9:00 in the company's zone. */
export const DEFAULT_POSTING_DAYS: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
export const DEFAULT_POSTING_TIMES: readonly string[] = ['09:00'];

export const SCHEDULE_MESSAGES = {
  daysRequired: 'Choose at least one posting day',
  dayUnknown: 'Posting days are mon, tue, wed, thu, fri, sat and sun',
  timesRequired: 'Choose at least one posting time',
  timeInvalid: 'Posting times look like 09:00 or 17:30',
  tooManyTimes: `At most ${MAX_POSTING_TIMES} posting times a day`,
} as const;

/** "9:00" from "09:00", "17:30" stays. */
const spokenTime = (time: string): string => time.replace(/^0(\d)/, '$1');

const joinAnd = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * A schedule in words: "Mon, Wed, Fri at 9:00 and 17:30, New York time"; every day is "Every day",
 * Monday to Friday "Weekdays".
 */
export const describeSchedule = (schedule: {
  timeZone: string;
  days: readonly Weekday[];
  times: readonly string[];
}): string => {
  const days = WEEKDAYS.filter((day) => schedule.days.includes(day));
  const dayText =
    days.length === 7
      ? 'Every day'
      : days.join() === 'mon,tue,wed,thu,fri'
        ? 'Weekdays'
        : days.map((day) => WEEKDAY_NAMES[day].short).join(', ');
  const times = [...schedule.times].sort().map(spokenTime);
  return `${dayText} at ${joinAnd(times)}, ${zoneName(schedule.timeZone)}`;
};

/* ----- Media assets ----- */

export const MEDIA_USAGES = ['primary', 'secondary', 'reference'] as const;
export type MediaUsage = (typeof MEDIA_USAGES)[number];
export const DEFAULT_MEDIA_USAGE: MediaUsage = 'primary';

export const MAX_CAMPAIGN_MEDIA = 5;
/** 10 MB each. */
export const CAMPAIGN_MEDIA_MAX_BYTES = 10_485_760;
/** "10 MB", as every text that states the limit words it. */
export const CAMPAIGN_MEDIA_MAX_SIZE_TEXT = formatBytes(CAMPAIGN_MEDIA_MAX_BYTES);
export const MEDIA_DESCRIPTION_MAX = 1000;

/** What a campaign takes: jpg/jpeg, png and gif images; mp4, mpeg and mov videos. */
export const CAMPAIGN_MEDIA_TYPES = {
  'image/jpeg': { type: 'image', extensions: ['.jpg', '.jpeg'] },
  'image/png': { type: 'image', extensions: ['.png'] },
  'image/gif': { type: 'image', extensions: ['.gif'] },
  'video/mp4': { type: 'video', extensions: ['.mp4'] },
  'video/mpeg': { type: 'video', extensions: ['.mpeg', '.mpg'] },
  'video/quicktime': { type: 'video', extensions: ['.mov'] },
} as const satisfies Record<string, { type: 'image' | 'video'; extensions: readonly string[] }>;
export type CampaignMediaContentType = keyof typeof CAMPAIGN_MEDIA_TYPES;
export const CAMPAIGN_MEDIA_CONTENT_TYPES = Object.keys(CAMPAIGN_MEDIA_TYPES) as [
  CampaignMediaContentType,
  ...CampaignMediaContentType[],
];
export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** The `accept` attribute of the file input. */
export const CAMPAIGN_MEDIA_ACCEPT = Object.entries(CAMPAIGN_MEDIA_TYPES)
  .flatMap(([contentType, { extensions }]) => [contentType, ...extensions])
  .join(',');

export const MEDIA_MESSAGES = {
  afterCreation: 'Media upload will be available after campaign creation',
  tooMany: `Maximum ${MAX_CAMPAIGN_MEDIA} files allowed`,
  typeNotAllowed: 'Choose a JPG, PNG or GIF image, or an MP4, MPEG or MOV video',
  tooLarge: `Each file must be ${CAMPAIGN_MEDIA_MAX_SIZE_TEXT} or smaller`,
  empty: 'The file is empty',
  /** Its first bytes are no image or video a campaign takes (a program renamed photo.jpg). */
  notWhatItSays:
    'This file is not a JPG, PNG or GIF image, or an MP4, MPEG or MOV video, whatever its name says',
} as const;

/* ----- Texts (spec 2 §2, §5, §8), verbatim ----- */

export const CAMPAIGN_TEXTS = {
  listHeading: 'Campaigns',
  newCampaign: 'New Campaign',
  empty: "You don't have any campaigns yet.",
  createFirst: 'Create Your First Campaign',
  noPlatforms: 'None',
  deleteTitle: 'Delete Campaign',
  deleteConfirm: 'Are you sure you want to delete this campaign? This action cannot be undone.',
  companyIdRequired: 'Company ID is required',
  nameRequired: 'Campaign name is required',
  intentionRequired: 'Campaign intention is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  statusRequired: 'Status is required',
  endBeforeStart: 'End date cannot be before start date',
  loadListFailed: 'Failed to load campaigns. Please try again.',
  loadDetailsFailed: 'Failed to load campaign details. Please try again.',
  backToCampaigns: 'Back to Campaigns',
  comingSoon: 'This feature is coming soon. Stay tuned!',
} as const;

export const CAMPAIGN_TOASTS = {
  created: 'Campaign created successfully',
  updated: 'Campaign updated successfully',
  deleted: 'Campaign deleted successfully',
  statusUpdated: 'Campaign status updated successfully',
  mediaDeleted: 'Media deleted successfully',
  mediaUpdated: 'Media updated successfully',
  mediaUploaded: 'Media uploaded successfully',
  fileUploaded: 'File uploaded successfully',
  /** Failures: `${prefix}: ${message}` (errorToast in the web app). */
  createFailed: 'Failed to create campaign',
  updateFailed: 'Failed to update campaign',
  deleteFailed: 'Failed to delete campaign',
  statusFailed: 'Failed to update campaign status',
  loadFailed: 'Failed to load campaign',
  loadListFailed: 'Failed to load campaigns',
  loadDetailsFailed: 'Failed to load campaign details',
  mediaDeleteFailed: 'Failed to delete media',
  mediaUpdateFailed: 'Failed to update media',
  uploadFailed: 'Failed to upload file',
} as const;
