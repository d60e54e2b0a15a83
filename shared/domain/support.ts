import { sniffFileType } from './media-sniffing';
import { formatBytes } from './platform-media';
import type { Role } from './users';

/**
 * Support tickets: what an owner may open and staff answer, shared by the server and the web.
 */

/** A ticket's life: open → in_progress (a staff reply) → resolved (staff) → closed (final). */
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The statuses of a ticket that waits for staff: the queue shows these oldest first. */
export const WAITING_TICKET_STATUSES = ['open', 'in_progress'] as const satisfies TicketStatus[];
export const isWaitingStatus = (status: TicketStatus): boolean =>
  (WAITING_TICKET_STATUSES as readonly TicketStatus[]).includes(status);

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';

export const TICKET_SUBJECT_MAX = 200;
export const TICKET_DESCRIPTION_MAX = 10_000;
export const TICKET_RESPONSE_MAX = 10_000;
/** The page the owner was on when they asked, as the app reports it. */
export const TICKET_CONTEXT_PAGE_MAX = 500;
export const TICKET_CONTEXT_BROWSER_MAX = 300;

/** An owner opens at most this many tickets a day (a 24-hour window from the first). */
export const SUPPORT_TICKETS_PER_DAY = 10;

/** A resolved ticket with no reply for this long closes itself. */
export const TICKET_AUTO_CLOSE_DAYS = 7;
export const TICKET_AUTO_CLOSE_MS = TICKET_AUTO_CLOSE_DAYS * 24 * 60 * 60 * 1000;

/** Files on one message (the ticket itself, or one response). */
export const MAX_SUPPORT_ATTACHMENTS = 3;
export const SUPPORT_ATTACHMENT_MAX_BYTES = 10_485_760;
export const SUPPORT_ATTACHMENT_MAX_SIZE_TEXT = formatBytes(SUPPORT_ATTACHMENT_MAX_BYTES);

/** Screenshots and documents: JPEG, PNG, GIF and WebP images, and PDF. */
export const SUPPORT_ATTACHMENT_TYPES = {
  'image/jpeg': { image: true, extensions: ['.jpg', '.jpeg'] },
  'image/png': { image: true, extensions: ['.png'] },
  'image/gif': { image: true, extensions: ['.gif'] },
  'image/webp': { image: true, extensions: ['.webp'] },
  'application/pdf': { image: false, extensions: ['.pdf'] },
} as const;
export type SupportAttachmentContentType = keyof typeof SUPPORT_ATTACHMENT_TYPES;
export const SUPPORT_ATTACHMENT_CONTENT_TYPES = Object.keys(SUPPORT_ATTACHMENT_TYPES) as [
  SupportAttachmentContentType,
  ...SupportAttachmentContentType[],
];
/** For a file input's `accept`. */
export const SUPPORT_ATTACHMENT_ACCEPT = Object.entries(SUPPORT_ATTACHMENT_TYPES)
  .flatMap(([contentType, { extensions }]) => [contentType, ...extensions])
  .join(',');
export const isImageAttachment = (contentType: SupportAttachmentContentType): boolean =>
  SUPPORT_ATTACHMENT_TYPES[contentType].image;

/** A PDF opens with `%PDF-` (ISO 32000: the header may follow a few bytes of junk; ours may not). */
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

/** The attachment type the first bytes are, or null when they are none a ticket takes. */
export const sniffSupportAttachmentType = (
  bytes: Uint8Array,
): SupportAttachmentContentType | null => {
  if (PDF_SIGNATURE.every((value, index) => bytes[index] === value)) return 'application/pdf';
  const type = sniffFileType(bytes);
  return type !== null && Object.hasOwn(SUPPORT_ATTACHMENT_TYPES, type)
    ? (type as SupportAttachmentContentType)
    : null;
};

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Subject is required',
  descriptionRequired: 'Description is required',
  replyRequired: 'Reply is required',
  ticketClosed: 'This ticket is closed',
  tooManyFiles: `At most ${MAX_SUPPORT_ATTACHMENTS} files per message`,
  typeNotAllowed: 'Choose a JPG, PNG, GIF or WebP image, or a PDF',
  tooLarge: `Each file must be ${SUPPORT_ATTACHMENT_MAX_SIZE_TEXT} or smaller`,
  empty: 'The file is empty',
  notWhatItSays: 'This file is not a JPG, PNG, GIF or WebP image, or a PDF, whatever its name says',
  dailyLimit: `You can open at most ${SUPPORT_TICKETS_PER_DAY} tickets a day`,
} as const;

/** Staff answer tickets and see every owner's; admin is staff too. */
export const isStaffRole = (role: Role | undefined): boolean =>
  role === 'staff' || role === 'admin';

/** The page a ticket opens on, for links in emails and the app. */
export const SUPPORT_PAGE_PATH = '/dashboard/support';
export const supportTicketPath = (ticketId: string): string =>
  `${SUPPORT_PAGE_PATH}?ticket=${encodeURIComponent(ticketId)}`;

/* ----- The first-response target ----- */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long staff have to answer first: urgent and high in clock hours (someone is on call), medium
 * and low in business days.
 */
export const FIRST_RESPONSE_TARGETS = {
  urgent: { hours: 1 },
  high: { hours: 4 },
  medium: { businessDays: 1 },
  low: { businessDays: 2 },
} as const satisfies Record<TicketPriority, { hours: number } | { businessDays: number }>;

const isWeekend = (ms: number): boolean => {
  const day = new Date(ms).getUTCDay();
  return day === 0 || day === 6;
};

/** The next midnight (UTC) after `ms`. */
const nextMidnight = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS;

/**
 * Adds whole days of weekday time: only Monday to Friday count, so a day from Friday 15:00 is
 * Monday 15:00 and a day from Saturday 10:00 is Tuesday 00:00 (the clock starts on Monday). Days
 * are counted in UTC: the team answers from one place, and the owner's zone must not move it.
 */
const addBusinessDays = (startMs: number, days: number): number => {
  let at = startMs;
  let remaining = days * DAY_MS;
  while (remaining > 0) {
    if (isWeekend(at)) {
      at = nextMidnight(at);
      continue;
    }
    const step = Math.min(remaining, nextMidnight(at) - at);
    at += step;
    remaining -= step;
  }
  return at;
};

/** When the first staff reply is due for a ticket opened at `createdAtIso` (an ISO instant). */
export const firstResponseDueAt = (createdAtIso: string, priority: TicketPriority): string => {
  const created = Date.parse(createdAtIso);
  if (Number.isNaN(created)) throw new Error(`Not an instant: ${createdAtIso}`);
  const target = FIRST_RESPONSE_TARGETS[priority];
  const due =
    'hours' in target
      ? created + target.hours * HOUR_MS
      : addBusinessDays(created, target.businessDays);
  return new Date(due).toISOString();
};
