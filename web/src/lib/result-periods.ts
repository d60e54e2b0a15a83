import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Period } from '#shared/contract/performance';

/** "1 post", "42 posts" */
export const postsText = (count: number): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'post' : 'posts'}`;

/**
 * "Sep 1 – Nov 27, 2026" (or "Dec 1, 2025 – Nov 27, 2026" across a new year, "Nov 27, 2026" for
 * one day): a period's days in the company's zone, its end excluded as the API gives it.
 */
export const periodText = ({ from, to }: Period, timeZone: string): string => {
  const first = new TZDate(Date.parse(from), timeZone);
  const last = new TZDate(Math.max(Date.parse(from), Date.parse(to) - 1), timeZone);
  const lastText = format(last, 'MMM d, yyyy');
  if (format(first, 'yyyy-MM-dd') === format(last, 'yyyy-MM-dd')) return lastText;
  const sameYear = first.getFullYear() === last.getFullYear();
  return `${format(first, sameYear ? 'MMM d' : 'MMM d, yyyy')} – ${lastText}`;
};

/** What a set of figures rests on: "Sep 1 – Nov 27, 2026 · 42 posts". */
export const basisText = (period: Period, posts: number, timeZone: string): string =>
  `${periodText(period, timeZone)} · ${postsText(posts)}`;
