/**
 * How posts did and the best times to post: the collection schedule and its costs, the coarse
 * time windows the model learns over, and the texts the screens show (zod-free: the web imports
 * this without zod).
 */
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from './campaigns';

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a published post's results are read: about an hour after publishing (the first wave),
 * a day after (most of its reach), a week after (what it finally did). Each later reading
 * replaces the earlier one.
 */
export const RESULT_AGES = [
  { id: '1h', afterMs: HOUR_MS },
  { id: '24h', afterMs: 24 * HOUR_MS },
  { id: '7d', afterMs: 7 * 24 * HOUR_MS },
] as const;
export type ResultAge = (typeof RESULT_AGES)[number]['id'];
export const RESULT_AGE_IDS = RESULT_AGES.map((age) => age.id) as [ResultAge, ...ResultAge[]];

/**
 * LinkedIn's scope for reading a member's posts' statistics (Member Post Analytics API): a
 * restricted scope LinkedIn grants an app only after reviewing it. A connection without it gets
 * no LinkedIn results.
 */
export const LINKEDIN_POST_ANALYTICS_SCOPE = 'r_member_postAnalytics';

/** X's tweets lookup takes at most this many ids per request. */
export const X_LOOKUP_BATCH_MAX = 100;
/**
 * Post reads one company may spend on X a calendar month (UTC). X bills every post read
 * (pay-per-use), once per post per UTC day; three readings of a dozen posts a week is about 160
 * reads a month, so this leaves room for a busy month and still bounds what one company costs.
 * Reads past it wait for the next month; the posts then keep the results they have.
 */
export const X_READS_PER_COMPANY_PER_MONTH = 300;
/** How long collection rests after a 429 that names no reset time. */
export const COLLECTION_RATE_LIMIT_PAUSE_MS = 15 * 60 * 1000;
/** How long collection rests after a 402 (the account's credits are spent): a day. */
export const COLLECTION_CREDITS_PAUSE_MS = 24 * HOUR_MS;
/** A reading that has not happened within this of its time is given up (the post keeps what it has). */
export const COLLECTION_GIVE_UP_AFTER_MS = 3 * 24 * HOUR_MS;

/** Below this many posts with results, the times shown are mostly the starting guess. */
export const FEW_RESULTS_THRESHOLD = 10;

/** The Performance page's weekly chart: weeks shown by default, and at most. */
export const PERFORMANCE_WEEKS_DEFAULT = 12;
export const PERFORMANCE_WEEKS_MAX = 52;
/** Top posts listed on the Performance page. */
export const TOP_POSTS_SHOWN = 10;
/** The CSV export's rows at most: the newest published posts with results. */
export const EXPORT_ROWS_MAX = 10_000;

/* ----- Time windows ----- */

export const DAY_KINDS = ['weekday', 'weekend'] as const;
export type DayKind = (typeof DAY_KINDS)[number];

/**
 * Parts of the day, in the company's zone. `from`–`to` (hours, `to` excluded) is where a post is
 * placed when its window is chosen; a post published outside every range (late at night) counts
 * toward the nearest part before it (evening), or morning before 11:00.
 */
export const DAY_PARTS = ['morning', 'midday', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];
export const DAY_PART_HOURS: Record<DayPart, { from: number; to: number }> = {
  morning: { from: 8, to: 11 },
  midday: { from: 11, to: 14 },
  afternoon: { from: 14, to: 17 },
  evening: { from: 18, to: 21 },
};

export type TimeWindow = `${DayKind}-${DayPart}`;
/** Every window: weekday and weekend, each part of the day. */
export const TIME_WINDOWS = [
  'weekday-morning',
  'weekday-midday',
  'weekday-afternoon',
  'weekday-evening',
  'weekend-morning',
  'weekend-midday',
  'weekend-afternoon',
  'weekend-evening',
] as const satisfies readonly TimeWindow[];

export const dayKindOf = (day: Weekday): DayKind =>
  day === 'sat' || day === 'sun' ? 'weekend' : 'weekday';

/** The part of the day a local hour (0–23) counts toward. */
export const dayPartOf = (hour: number): DayPart =>
  hour < 11 ? 'morning' : hour < 14 ? 'midday' : hour < 18 ? 'afternoon' : 'evening';

export const windowOf = (day: Weekday, hour: number): TimeWindow =>
  `${dayKindOf(day)}-${dayPartOf(hour)}`;

export const splitWindow = (window: TimeWindow): { kind: DayKind; part: DayPart } => {
  const [kind, part] = window.split('-') as [DayKind, DayPart];
  return { kind, part };
};

/** The days a window's kind covers. */
export const daysOfKind = (kind: DayKind): readonly Weekday[] =>
  WEEKDAYS.filter((day) => dayKindOf(day) === kind);

/** "weekday mornings", "weekend evenings". */
export const windowName = (window: TimeWindow): string => {
  const { kind, part } = splitWindow(window);
  return `${kind} ${part}s`;
};

/** "Tuesday morning". */
export const dayPartName = (day: Weekday, part: DayPart): string =>
  `${WEEKDAY_NAMES[day].long} ${part}`;

/* ----- Campaign schedule modes ----- */

/**
 * `fixed`: the owner's posting days and times. `bestTimes`: at approval the post takes the best
 * free window the model picks (a time inside it), within the campaign's dates; the days and times
 * stay stored for Move and for switching back.
 */
export const SCHEDULE_MODES = ['fixed', 'bestTimes'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
export const DEFAULT_SCHEDULE_MODE: ScheduleMode = 'fixed';

/* ----- Texts ----- */

export const PERFORMANCE_TEXTS = {
  /** Shown while a platform has fewer than FEW_RESULTS_THRESHOLD posts with results. */
  startingGuess: `Fewer than ${FEW_RESULTS_THRESHOLD} posts have results yet, so these times are mostly the starting guess from industry studies.`,
} as const;

/** "12 posts, 2.4× your median" (or "no posts yet"): a window's evidence. */
export const windowEvidence = (posts: number, relativeToMedian: number | null): string =>
  posts === 0 || relativeToMedian === null
    ? 'no posts yet'
    : `${posts} ${posts === 1 ? 'post' : 'posts'}, ${relativeToMedian.toFixed(1)}× your median`;

/** Why a post took its slot in Best times mode ("Tuesday morning: your best window on X so far"). */
export const slotReasonText = (
  day: Weekday,
  part: DayPart,
  platformShortName: string,
  choice: 'best' | 'trying',
): string =>
  choice === 'best'
    ? `${dayPartName(day, part)}: your best window on ${platformShortName} so far`
    : `trying ${dayPartName(day, part)}`;
