import { TZDate } from '@date-fns/tz';
import { addWeeks, format, startOfWeek } from 'date-fns';
import type { Period, WeekPoint } from '#shared/contract/performance';
import { DAY_PARTS, type DayPart } from '#shared/domain/post-results';
import { PLATFORM_IDS, type PlatformId } from '#shared/domain/tiers';
import type { EngagementPoint } from './components/engagement-chart';

/** "Nov 2" from the week's Monday, `yyyy-MM-dd` (a calendar day, so no zone is involved). */
export const weekLabel = (weekStart: string): string => {
  const [year, month, day] = weekStart.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day), 'MMM d');
};

/** Every week's Monday (`yyyy-MM-dd`, in the zone) that the period touches, oldest first. */
export const weeksOf = ({ from, to }: Period, timeZone: string): string[] => {
  const mondays: string[] = [];
  const end = Date.parse(to);
  let monday = startOfWeek(new TZDate(Date.parse(from), timeZone), { weekStartsOn: 1 });
  // A year of weeks at most: the chart's longest span.
  for (let week = 0; week < 53 && monday.getTime() < end; week++) {
    mondays.push(format(monday, 'yyyy-MM-dd'));
    monday = addWeeks(monday, 1);
  }
  return mondays;
};

/**
 * The weekly points as the chart draws them: one per week of the period (oldest first), so a
 * week without posts is a gap on the axis rather than missing from it, engagements by platform,
 * and the platforms that have any week at all (in the app's platform order).
 */
export const engagementSeries = (
  weeks: readonly WeekPoint[],
  period: Period,
  timeZone: string,
): { platforms: PlatformId[]; points: EngagementPoint[] } => {
  const byWeek = new Map<string, Partial<Record<PlatformId, number>>>(
    weeksOf(period, timeZone).map((monday) => [monday, {}]),
  );
  for (const week of weeks) {
    const entry = byWeek.get(week.weekStart) ?? {};
    entry[week.platform] = (entry[week.platform] ?? 0) + week.engagements;
    byWeek.set(week.weekStart, entry);
  }
  const present = new Set(weeks.map((week) => week.platform));
  return {
    platforms: PLATFORM_IDS.filter((platform) => present.has(platform)),
    points: [...byWeek]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([weekStart, engagements]) => ({
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
