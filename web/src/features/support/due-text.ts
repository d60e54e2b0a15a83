import { differenceInMinutes, formatDistanceStrict } from 'date-fns';

/**
 * When the first answer is due, as the queue says it: "due in 3 h", "due in 1 d 4 h", "due in 20
 * min", "overdue". Time left is rounded down: the queue never promises more than there is.
 */
export const dueText = (dueAt: string | Date, now: Date = new Date()): string => {
  const minutes = differenceInMinutes(new Date(dueAt), now);
  if (minutes <= 0) return 'overdue';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  if (days > 0) return hours > 0 ? `due in ${days} d ${hours} h` : `due in ${days} d`;
  if (hours > 0) return `due in ${hours} h`;
  return `due in ${minutes} min`;
};

/** Whether the first answer is late. */
export const isOverdue = (dueAt: string | Date, now: Date = new Date()): boolean =>
  differenceInMinutes(new Date(dueAt), now) <= 0;

/** "Nov 27, 2:14 PM": when a reply was written or a ticket first answered. */
export const momentText = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** "5 minutes ago", "2 days ago": how long since a ticket last moved. */
export const sinceText = (at: string, now: Date = new Date()): string =>
  differenceInMinutes(now, new Date(at)) < 1
    ? 'just now'
    : formatDistanceStrict(new Date(at), now, { addSuffix: true });
