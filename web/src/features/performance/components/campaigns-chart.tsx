import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartTable } from './chart-table';
import { percentText } from './heat-map';

export interface CampaignResult {
  id: string;
  name: string;
  /** Posts with results. */
  posts: number;
  impressions: number;
  engagements: number;
  /** Engagements per impression, a share; null before any impression. */
  engagementRate: number | null;
}

interface CampaignsChartProps {
  caption: string;
  campaigns: readonly CampaignResult[];
}

/** The campaigns side by side by engagement rate, with their counts in the table under them. */
export function CampaignsChart({ caption, campaigns }: CampaignsChartProps) {
  const data = campaigns.map((campaign) => ({
    name: campaign.name,
    rate: Number(((campaign.engagementRate ?? 0) * 100).toFixed(2)),
  }));
  return (
    <figure>
      <div
        className="w-full"
        style={{ height: Math.max(120, 44 * campaigns.length + 40) }}
        aria-hidden="true"
      >
        {/* A picture for the eye: the table under it is what keyboards and screen readers use. */}
        <BarChart
          responsive
          accessibilityLayer={false}
          layout="vertical"
          data={data}
          style={{ width: '100%', height: '100%' }}
          margin={{ top: 4, right: 16, bottom: 4, left: 4 }}
        >
          <CartesianGrid stroke="#e2e8f0" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(value: number) => `${Number(value.toFixed(1))}%`}
            tick={{ fontSize: 12, fill: '#475569' }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={120}
            tick={{ fontSize: 12, fill: '#334155' }}
          />
          <Tooltip formatter={(value) => [`${String(value)}%`, 'Engagement rate']} />
          <Bar dataKey="rate" fill="#4f46e5" radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <ChartTable
        caption={caption}
        columns={['Campaign', 'Posts', 'Impressions', 'Engagements', 'Engagement rate']}
        rows={campaigns.map((campaign) => ({
          key: campaign.id,
          cells: [
            campaign.name,
            campaign.posts.toLocaleString('en-US'),
            campaign.impressions.toLocaleString('en-US'),
            campaign.engagements.toLocaleString('en-US'),
            campaign.engagementRate === null ? '–' : percentText(campaign.engagementRate),
          ],
        }))}
      />
    </figure>
  );
}
