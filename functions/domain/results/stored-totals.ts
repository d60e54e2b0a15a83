import { WEEKDAYS, type Weekday } from '#shared/domain/campaigns';
import { dayKindOf, type DayPart, type TimeWindow } from '#shared/domain/post-results';
import type { PlatformId } from '#shared/domain/tiers';
import { resultTotalEntity, type ResultTotalRecord } from '../../core/db/entities/result-total';
import {
  EMPTY_TOTALS,
  medianFromHistogram,
  type LogTotals,
  type ModelInput,
} from './best-times-model';

/**
 * Every stored total of the company (a few dozen items per platform: its cells, weeks, campaigns
 * and histogram bins), in one query of its partition: nothing here reads the posts.
 */
export const loadResultTotals = async (companyId: string): Promise<ResultTotalRecord[]> =>
  (await resultTotalEntity().query.byCompany({ companyId }).go({ pages: 'all' })).data;

const plus = (a: LogTotals, b: LogTotals): LogTotals => ({
  posts: a.posts + b.posts,
  sumLog: a.sumLog + b.sumLog,
  sumLogSq: a.sumLogSq + b.sumLogSq,
});

/** The model's input for one platform, from the company's stored totals. */
export const modelInputOf = (
  totals: readonly ResultTotalRecord[],
  platform: PlatformId,
): ModelInput => {
  const mine = totals.filter((total) => total.platform === platform);
  const account = mine.find((total) => total.scope === 'account') ?? EMPTY_TOTALS;
  const windows: Partial<Record<TimeWindow, LogTotals>> = {};
  for (const cell of mine.filter((total) => total.scope === 'cell')) {
    const [day, part] = cell.key.split('#') as [Weekday, DayPart];
    if (!WEEKDAYS.includes(day)) continue;
    const window: TimeWindow = `${dayKindOf(day)}-${part}`;
    windows[window] = plus(windows[window] ?? EMPTY_TOTALS, cell);
  }
  const bins = new Map(
    mine.filter((total) => total.scope === 'bin').map((bin) => [Number(bin.key), bin.posts]),
  );
  return { platform, account, medianLog: medianFromHistogram(bins), windows };
};
