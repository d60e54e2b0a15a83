import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { platformName, type PlatformId, type PlatformTable } from '#shared/domain/tiers';
import { ChartTable } from './chart-table';

export interface EngagementPoint {
  /** The period's label on the axis ("Nov 2"). */
  label: string;
  /** Engagements of the posts published in the period, by platform (absent: no posts there). */
  engagements: Partial<Record<PlatformId, number>>;
}

/** Each platform's line in its own brand's colour, dark enough on white for a thin line. */
const LINE_COLOURS: PlatformTable<string> = {
  twitter: '#0f172a',
  linkedin: '#0a66c2',
  facebook: '#1d4ed8',
  instagram: '#db2777',
};

interface EngagementChartProps {
  caption: string;
  platforms: readonly PlatformId[];
  points: readonly EngagementPoint[];
}

/** Engagements per period, one line per platform, with the same numbers as a table under it. */
export function EngagementChart({ caption, platforms, points }: EngagementChartProps) {
  const data = points.map((point) => ({
    label: point.label,
    // A week without posts on a platform has no point there (not a zero): its line goes on.
    ...Object.fromEntries(
      platforms.map((platform) => [platform, point.engagements[platform] ?? null]),
    ),
  }));
  return (
    <figure>
      <div className="h-64 w-full" aria-hidden="true">
        {/* A picture for the eye: the table under it is what keyboards and screen readers use, so
            the chart takes no focus of its own (recharts' keyboard layer is off). */}
        <LineChart
          responsive
          accessibilityLayer={false}
          data={data}
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} tickMargin={6} />
          <YAxis allowDecimals={false} width={44} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {platforms.map((platform) => (
            <Line
              key={platform}
              type="linear"
              dataKey={platform}
              name={platformName(platform)}
              stroke={LINE_COLOURS[platform]}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <ChartTable
        caption={caption}
        columns={['Period', ...platforms.map(platformName)]}
        // The weeks with posts: a table of empty weeks says nothing the chart does not.
        rows={points
          .filter((point) => Object.keys(point.engagements).length > 0)
          .map((point) => ({
            key: point.label,
            cells: [
              point.label,
              ...platforms.map((platform) =>
                point.engagements[platform] === undefined
                  ? 'no posts'
                  : point.engagements[platform].toLocaleString('en-US'),
              ),
            ],
          }))}
      />
    </figure>
  );
}
