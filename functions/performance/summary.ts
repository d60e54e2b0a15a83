import { TZDate } from '@date-fns/tz';
import { addWeeks, format } from 'date-fns';
import type { HeatCell, Performance, WeekPoint } from '#shared/contract/performance';
import { WEEKDAYS } from '#shared/domain/campaigns';
import {
  DAY_PARTS,
  LINKEDIN_POST_ANALYTICS_SCOPE,
  TOP_POSTS_SHOWN,
} from '#shared/domain/post-results';
import { CONNECTABLE_PLATFORMS, PLATFORM_IDS, type PlatformId } from '#shared/domain/tiers';
import { campaignEntity } from '../core/db/entities/campaign';
import { credentialIdFor, platformCredentialEntity } from '../core/db/entities/platform-credential';
import { postResultEntity, type PostResultRecord } from '../core/db/entities/post-result';
import type { ResultTotalRecord } from '../core/db/entities/result-total';
import { mostlyStartingGuess } from '../domain/results/best-times-model';
import { pausedUntil, pauseScope } from '../domain/results/collection-pauses';
import { localPlaceOf, cellKeyOf } from '../domain/results/local-time';
import { engagementRate, toPostResults } from '../domain/results/post-results-view';
import { loadResultTotals } from '../domain/results/stored-totals';
import { periodEnd, periodSince, startOfLocalDay } from './periods';

type Sums = Pick<ResultTotalRecord, 'posts' | 'impressions' | 'engagements'>;

const totalsOf = (items: readonly Sums[]) => {
  const posts = items.reduce((sum, item) => sum + item.posts, 0);
  const impressions = items.reduce((sum, item) => sum + item.impressions, 0);
  const engagements = items.reduce((sum, item) => sum + item.engagements, 0);
  return {
    posts,
    impressions,
    engagements,
    engagementRate: engagementRate(engagements, impressions),
  };
};

/** The campaigns' names, by id (a deleted campaign has none). */
export const campaignNames = async (
  companyId: string,
  campaignIds: readonly string[],
): Promise<Map<string, string>> => {
  const unique = [...new Set(campaignIds)];
  if (unique.length === 0) return new Map();
  const { data } = await campaignEntity()
    .get(unique.map((campaignId) => ({ companyId, campaignId })))
    .go({ attributes: ['campaignId', 'name'] });
  return new Map(data.map((campaign) => [campaign.campaignId, campaign.name]));
};

/** The `count` weeks ending with this one, Mondays (`yyyy-MM-dd`) in the zone, oldest first. */
const lastWeeks = (now: Date, timeZone: string, count: number): string[] => {
  const thisWeek = localPlaceOf(now, timeZone).weekStart;
  const [y, m, d] = thisWeek.split('-').map(Number) as [number, number, number];
  const monday = new TZDate(y, m - 1, d, 12, 0, timeZone);
  return Array.from({ length: count }, (_, n) =>
    format(addWeeks(monday, n - count + 1), 'yyyy-MM-dd'),
  );
};

const overTimeOf = (
  totals: readonly ResultTotalRecord[],
  weeks: readonly string[],
): WeekPoint[] => {
  const wanted = new Set(weeks);
  return totals
    .filter((total) => total.scope === 'week' && wanted.has(total.key) && total.posts > 0)
    .map((total) => ({ weekStart: total.key, platform: total.platform, ...totalsOf([total]) }))
    .sort(
      (a, b) =>
        a.weekStart.localeCompare(b.weekStart) ||
        PLATFORM_IDS.indexOf(a.platform) - PLATFORM_IDS.indexOf(b.platform),
    );
};

const heatMapOf = (totals: readonly ResultTotalRecord[]): HeatCell[] =>
  WEEKDAYS.flatMap((day) =>
    DAY_PARTS.map((part) => ({
      day,
      part,
      ...totalsOf(
        totals.filter((total) => total.scope === 'cell' && total.key === cellKeyOf(day, part)),
      ),
    })),
  );

const topPostsOf = async (companyId: string): Promise<PostResultRecord[]> =>
  (
    await postResultEntity()
      .query.byEngagements({ companyId })
      .go({ order: 'desc', limit: TOP_POSTS_SHOWN })
  ).data;

/** Whether the company's LinkedIn connection lets its posts' statistics be read (one item). */
const linkedInUnreadable = async (companyId: string): Promise<boolean> => {
  const { data } = await platformCredentialEntity()
    .get({ companyId, credentialId: credentialIdFor(companyId, 'linkedin') })
    .go({ attributes: ['connected', 'scopes'] });
  return Boolean(data?.connected) && !data?.scopes?.includes(LINKEDIN_POST_ANALYTICS_SCOPE);
};

/** The Performance page's answer, from the stored totals and the top posts' results alone. */
export const performanceOf = async (
  companyId: string,
  timeZone: string,
  weeks: number,
  now: Date,
): Promise<Performance> => {
  const [totals, top, linkedInUnread, paused] = await Promise.all([
    loadResultTotals(companyId),
    topPostsOf(companyId),
    linkedInUnreadable(companyId),
    pausedUntil(
      CONNECTABLE_PLATFORMS.flatMap((platform) => [
        pauseScope(platform),
        pauseScope(platform, companyId),
      ]),
      now,
    ),
  ]);
  const campaignTotals = totals.filter((total) => total.scope === 'campaign' && total.posts > 0);
  const names = await campaignNames(companyId, [
    ...campaignTotals.map((total) => total.key),
    ...top.map((post) => post.campaignId),
  ]);
  const resultCount = totals
    .filter((total) => total.scope === 'account')
    .reduce((sum, total) => sum + total.posts, 0);
  const allTime = periodSince(totals, timeZone, now);
  const chartWeeks = lastWeeks(now, timeZone, weeks);

  const byCampaign = new Map<string, ResultTotalRecord[]>();
  for (const total of campaignTotals) {
    byCampaign.set(total.key, [...(byCampaign.get(total.key) ?? []), total]);
  }

  return {
    timeZone,
    resultCount,
    mostlyStartingGuess: mostlyStartingGuess(resultCount),
    collectionPausedUntil: paused?.toISOString() ?? null,
    linkedInResultsUnread:
      linkedInUnread &&
      !totals.some(
        (total) => total.scope === 'account' && total.platform === 'linkedin' && total.posts > 0,
      ),
    overTime: {
      period: { from: startOfLocalDay(chartWeeks[0]!, timeZone), to: periodEnd(now, timeZone) },
      weeks: overTimeOf(totals, chartWeeks),
    },
    topPosts: {
      period: allTime,
      posts: top.map((post) => ({
        contentId: post.contentId,
        campaignId: post.campaignId,
        campaignName: names.get(post.campaignId) ?? null,
        platform: post.platform as PlatformId,
        excerpt: post.excerpt,
        publishedAt: post.publishedAt,
        postUrl: post.postUrl ?? null,
        results: toPostResults(post),
      })),
    },
    campaigns: {
      period: allTime,
      campaigns: [...byCampaign.entries()]
        .map(([campaignId, items]) => ({
          campaignId,
          campaignName: names.get(campaignId) ?? null,
          ...totalsOf(items),
        }))
        .sort((a, b) => b.engagements - a.engagements),
    },
    heatMap: { period: allTime, cells: heatMapOf(totals) },
  };
};
