import { format } from 'date-fns';
import type { WeekPoint } from '#shared/contract/performance';
import { DAY_PARTS, type DayPart } from '#shared/domain/post-results';
import { PLATFORM_IDS, type PlatformId } from '#shared/domain/tiers';
import type { EngagementPoint } from './components/engagement-chart';

/** "Nov 2" from the week's Monday, `yyyy-MM-dd` (a calendar day, so no zone is involved). */
export const weekLabel = (weekStart: string): string => {
  const [year, month, day] = weekStart.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day), 'MMM d');
};

/**
 * The weekly points as the chart draws them: one per week (oldest first), engagements by
 * platform, and the platforms that have any week at all (in the app's platform order).
 */
export const engagementSeries = (
  weeks: readonly WeekPoint[],
): { platforms: PlatformId[]; points: EngagementPoint[] } => {
  const byWeek = new Map<string, Partial<Record<PlatformId, number>>>();
  for (const week of [...weeks].sort((a, b) => a.weekStart.localeCompare(b.weekStart))) {
    const entry = byWeek.get(week.weekStart) ?? {};
    entry[week.platform] = (entry[week.platform] ?? 0) + week.engagements;
    byWeek.set(week.weekStart, entry);
  }
  const present = new Set(weeks.map((week) => week.platform));
  return {
    platforms: PLATFORM_IDS.filter((platform) => present.has(platform)),
    points: [...byWeek].map(([weekStart, engagements]) => ({
      label: weekLabel(weekStart),
      engagements,
    })),
  };
};

/**
 * The hours a part of the day counts, as the heat map's note says them: a post counts toward the
 * part its local publishing hour falls in (late posts count as evening, early ones as morning).
 */
export const DAY_PART_LABELS: Record<DayPart, { name: string; hours: string }> = {
  morning: { name: 'Morning', hours: 'before 11 AM' },
  midday: { name: 'Midday', hours: '11 AM–2 PM' },
  afternoon: { name: 'Afternoon', hours: '2–6 PM' },
  evening: { name: 'Evening', hours: 'from 6 PM' },
};

export const dayPartsNote = (zone: string): string =>
  `${DAY_PARTS.map((part) => `${DAY_PART_LABELS[part].name} ${DAY_PART_LABELS[part].hours}`).join(', ')}, ${zone}.`;

/** "Weekday mornings" from the domain's "weekday mornings". */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
