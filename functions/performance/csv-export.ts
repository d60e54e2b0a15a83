import type { PerformanceExport } from '#shared/contract/performance';
import { EXPORT_ROWS_MAX } from '#shared/domain/post-results';
import { platformName, type PlatformId } from '#shared/domain/tiers';
import { postResultEntity } from '../core/db/entities/post-result';
import { engagementRate } from '../domain/results/post-results-view';
import { campaignNames } from './summary';

const HEADER = [
  'Published at (UTC)',
  'Platform',
  'Campaign',
  'Post',
  'Impressions',
  'Engagements',
  'Engagement rate',
  'Reading',
  'Read at (UTC)',
  'Link',
];

/**
 * One CSV field: quoted when it holds a comma, quote or line break; and a text that a
 * spreadsheet would run as a formula (= + - @ at its start) is kept as text with a leading '.
 */
export const csvField = (value: string | number): string => {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Every published post's latest results, newest first (EXPORT_ROWS_MAX at most). */
export const exportResults = async (companyId: string): Promise<PerformanceExport> => {
  const { data } = await postResultEntity()
    .query.byPublished({ companyId })
    .go({ order: 'desc', limit: EXPORT_ROWS_MAX + 1, pages: 'all' });
  const rows = data.slice(0, EXPORT_ROWS_MAX);
  const names = await campaignNames(
    companyId,
    rows.map((row) => row.campaignId),
  );
  const lines = [
    HEADER.map(csvField).join(','),
    ...rows.map((row) => {
      const rate = engagementRate(row.engagements, row.impressions);
      return [
        row.publishedAt,
        platformName(row.platform as PlatformId),
        names.get(row.campaignId) ?? '(deleted campaign)',
        row.excerpt,
        row.impressions,
        row.engagements,
        rate === null ? '' : rate.toFixed(4),
        row.age,
        row.collectedAt,
        row.postUrl ?? '',
      ]
        .map(csvField)
        .join(',');
    }),
  ];
  return {
    filename: 'sailpost-results.csv',
    csv: `${lines.join('\r\n')}\r\n`,
    rows: rows.length,
    truncated: data.length > EXPORT_ROWS_MAX,
  };
};
