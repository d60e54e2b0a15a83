/**
 * The Founder Forum's numbers and pure rules, shared by the server (which enforces them) and the
 * screens (which show them): who is in it, how long a text may be, how much one person may write
 * a day, how long a post stays editable, and how a category's slug follows from its name.
 */

/** A thread's title, in characters. */
export const FORUM_TITLE_MAX = 150;
/** A post's text (a thread's opening post or a reply), in characters; Markdown, stored raw. */
export const FORUM_POST_MAX = 10_000;
/** A category's name and description, in characters. */
export const FORUM_CATEGORY_NAME_MAX = 60;
export const FORUM_CATEGORY_DESCRIPTION_MAX = 500;
/** A category's `order` (lower first): a whole number from 0 to this. */
export const FORUM_CATEGORY_ORDER_MAX = 10_000;
/**
 * Categories in all: the home page and the New Thread picker show every one, read at once, so
 * their number is bounded.
 */
export const FORUM_CATEGORIES_MAX = 100;

/** What one person may write in a day (a rolling day from their first of the day). */
export const FORUM_THREADS_PER_DAY = 10;
export const FORUM_REPLIES_PER_DAY = 60;

/** An author may edit their post this long after writing it; deleting has no window. */
export const FORUM_EDIT_WINDOW_MINUTES = 15;
export const FORUM_EDIT_WINDOW_MS = FORUM_EDIT_WINDOW_MINUTES * 60 * 1000;

/** Reply emails: at most one an hour per thread to each person. */
export const FORUM_REPLY_EMAIL_INTERVAL_SECONDS = 60 * 60;

/** Top discussions: the most-voted open threads with activity (created or replied to) this recently. */
export const FORUM_TOP_WINDOW_DAYS = 30;
/** How many threads Top discussions shows. */
export const FORUM_TOP_THREADS = 10;

/** Page sizes the screens ask for (`?limit=`): a category's threads, a thread's replies. */
export const FORUM_THREADS_PAGE_SIZE = 20;
export const FORUM_POSTS_PAGE_SIZE = 20;

/** What a post (or a thread's opening post) its author deleted shows instead of its text. */
export const FORUM_DELETED_TEXT = 'Deleted by its author';

export const FORUM_THREAD_STATUSES = ['open', 'closed'] as const;
export type ForumThreadStatus = (typeof FORUM_THREAD_STATUSES)[number];

export const FORUM_VOTE_TYPES = ['up', 'down'] as const;
export type ForumVoteType = (typeof FORUM_VOTE_TYPES)[number];

/** The longest slug: a name's length at most (punctuation only ever shortens it). */
export const FORUM_SLUG_MAX = FORUM_CATEGORY_NAME_MAX;
/**
 * A slug as a path segment: words of lower-case letters, digits and marks joined by single
 * hyphens, at most FORUM_SLUG_MAX characters. Anything else names no category and is never looked
 * up.
 */
export const FORUM_SLUG_PATH_PATTERN = new RegExp(
  `^(?=.{1,${FORUM_SLUG_MAX}}$)[\\p{Ll}\\p{Lm}\\p{Lo}\\p{N}\\p{M}]+(?:-[\\p{Ll}\\p{Lm}\\p{Lo}\\p{N}\\p{M}]+)*$`,
  'u',
);
/**
 * Slugs no category may take: `GET /forum/categories/simple` is the New Thread picker's list, so a
 * category "Simple" could never be opened.
 */
export const FORUM_RESERVED_SLUGS: readonly string[] = ['simple'];

/**
 * A category's slug from its name: lowercased, punctuation removed, spaces to hyphens
 * ("Growth & Marketing!" → "growth-marketing"). Letters of any script and digits are kept (accents
 * too, so "Café" stays "café"); runs of spaces (or spaces left around removed punctuation) give one
 * hyphen, none at either end. A name of punctuation alone gives "" (the name is refused).
 */
export const categorySlug = (name: string): string =>
  name
    .normalize('NFC')
    .toLowerCase()
    // Hyphens and underscores separate words like spaces; other punctuation and symbols vanish.
    .replace(/[\s\-_]+/gu, ' ')
    .replace(/[^\p{L}\p{N}\p{M} ]/gu, '')
    .trim()
    .split(/ +/u)
    .filter(Boolean)
    .join('-');

/** Where a thread is read: the link reply emails carry. */
export const forumThreadPath = (categorySlugValue: string, threadId: string): string =>
  `/dashboard/forum/${encodeURIComponent(categorySlugValue)}/${encodeURIComponent(threadId)}`;

/** Until when (ISO) a post written at `createdAt` (ISO) may be edited by its author. */
export const editableUntil = (createdAt: string): string =>
  new Date(Date.parse(createdAt) + FORUM_EDIT_WINDOW_MS).toISOString();

/** Whether a post written at `createdAt` may still be edited at `now` (epoch ms). */
export const isWithinEditWindow = (createdAt: string, now: number = Date.now()): boolean =>
  now < Date.parse(createdAt) + FORUM_EDIT_WINDOW_MS;
