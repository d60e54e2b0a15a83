import type { BusinessNumbers } from '#shared/contract/admin';

type Wait = BusinessNumbers['funnel'][number]['medianWait'];

const unit = (seconds: number): string => {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h`;
  const days = Math.round(seconds / 86_400);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
};

/**
 * The median wait as the bucket it falls in: "under 1 min", "1–2 h", "over 30 days"; a dash when
 * nothing was measured (the first step, or no account reached the step from the one before).
 */
export const waitRangeText = (wait: Wait): string => {
  if (!wait) return '—';
  if (wait.toSeconds === null) return `over ${unit(wait.fromSeconds)}`;
  if (wait.fromSeconds === 0) return `under ${unit(wait.toSeconds)}`;
  return `${unit(wait.fromSeconds)} – ${unit(wait.toSeconds)}`;
};
