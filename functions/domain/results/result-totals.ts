import { firstWords } from '#shared/domain/first-words';
import type { ResultAge } from '#shared/domain/post-results';
import type { PlatformId } from '#shared/domain/tiers';
import { contentEntity } from '../../core/db/entities/content';
import {
  postResultEntity,
  rankOf,
  type PostResultRecord,
} from '../../core/db/entities/post-result';
import { resultDueEntity, type ResultDueRecord } from '../../core/db/entities/result-due';
import { resultTotalEntity, type ResultTotalScope } from '../../core/db/entities/result-total';
import { writeTransaction } from '../../core/db/transaction';
import { histogramBinOf, logRateOf } from './best-times-model';
import { cellKeyOf, localPlaceOf } from './local-time';

/** The opening words a top post and the export show. */
const EXCERPT_LENGTH = 120;

/** One post's share of a total: what a reading adds, or takes back when a later one replaces it. */
interface Share {
  posts: number;
  impressions: number;
  engagements: number;
  sumLog: number;
  sumLogSq: number;
}

const shareOf = (reading: { impressions: number; engagements: number } | null): Share => {
  if (!reading) return { posts: 0, impressions: 0, engagements: 0, sumLog: 0, sumLogSq: 0 };
  const log = logRateOf(reading.engagements, reading.impressions);
  return {
    posts: 1,
    impressions: reading.impressions,
    engagements: reading.engagements,
    sumLog: log,
    sumLogSq: log * log,
  };
};

const minus = (a: Share, b: Share): Share => ({
  posts: a.posts - b.posts,
  impressions: a.impressions - b.impressions,
  engagements: a.engagements - b.engagements,
  sumLog: a.sumLog - b.sumLog,
  sumLogSq: a.sumLogSq - b.sumLogSq,
});

export interface Reading {
  impressions: number;
  engagements: number;
  age: ResultAge;
  collectedAt: string;
}

/** The company's zone, the post's text and link: what the first reading fixes its place with. */
export interface ReadingContext {
  timeZone: string;
  text: string;
  postUrl: string | undefined;
}

export type ApplyOutcome = 'recorded' | 'post-gone' | 'already-read';

/**
 * Records a reading of one post in one transaction: the post's results (on the post and on its
 * result item), the due entry moved on (or removed after the last reading), and the company's
 * totals by the difference from the earlier reading — so nothing is counted twice, and a run
 * that repeats (a redelivery) finds the due entry moved and changes nothing.
 */
export const applyReading = async (
  due: ResultDueRecord,
  reading: Reading,
  next: { nextAge: number; dueAt: string; lastReadDay: string } | null,
  context: ReadingContext,
): Promise<ApplyOutcome> => {
  const { data: earlier } = await postResultEntity()
    .get({ companyId: due.companyId, contentId: due.contentId })
    .go({ consistent: true });
  const place = earlier
    ? { weekStart: earlier.weekStart, cell: earlier.cell }
    : (() => {
        const local = localPlaceOf(due.publishedAt, context.timeZone);
        return { weekStart: local.weekStart, cell: cellKeyOf(local.day, local.part) };
      })();
  const before = shareOf(earlier);
  const after = shareOf(reading);
  const delta = minus(after, before);
  const oldBin = earlier ? histogramBinOf(before.sumLog) : null;
  const newBin = histogramBinOf(after.sumLog);
  const platform: PlatformId = due.platform;

  const totalKey = (scope: ResultTotalScope, key: string) => ({
    companyId: due.companyId,
    platform,
    scope,
    key,
  });
  const dueKey = { contentId: due.contentId };

  const outcome = await writeTransaction(
    {
      dues: resultDueEntity(),
      results: postResultEntity(),
      contents: contentEntity(),
      totals: resultTotalEntity(),
    },
    ({ dues, results, contents, totals }) => {
      const add = (scope: ResultTotalScope, key: string, share: Share) =>
        totals.update(totalKey(scope, key)).add(share).commit();
      const binKey = (bin: number) => String(bin).padStart(3, '0');
      const oneMore = { posts: 1, impressions: 0, engagements: 0, sumLog: 0, sumLogSq: 0 };
      const oneLess = { ...oneMore, posts: -1 };
      return {
        due: next
          ? dues
              .patch(dueKey)
              .set(next)
              .where(({ nextAge }, { eq }) => eq(nextAge, due.nextAge))
              .commit()
          : dues
              .delete(dueKey)
              .where(({ nextAge }, { eq }) => eq(nextAge, due.nextAge))
              .commit(),
        result: results
          .put({
            companyId: due.companyId,
            contentId: due.contentId,
            campaignId: due.campaignId,
            platform,
            publishedAt: due.publishedAt,
            excerpt: firstWords(context.text, EXCERPT_LENGTH),
            ...(context.postUrl ? { postUrl: context.postUrl } : {}),
            impressions: reading.impressions,
            engagements: reading.engagements,
            collectedAt: reading.collectedAt,
            age: reading.age,
            weekStart: place.weekStart,
            cell: place.cell,
            rank: rankOf(reading.engagements, due.contentId),
          })
          .commit(),
        post: contents
          .patch({ companyId: due.companyId, campaignId: due.campaignId, contentId: due.contentId })
          .set({
            results: {
              impressions: reading.impressions,
              engagements: reading.engagements,
              collectedAt: reading.collectedAt,
              age: reading.age,
            },
          })
          .commit(),
        account: add('account', '', delta),
        cell: add('cell', place.cell, delta),
        week: add('week', place.weekStart, delta),
        campaign: add('campaign', due.campaignId, delta),
        binOut: oldBin !== null && oldBin !== newBin && add('bin', binKey(oldBin), oneLess),
        binIn: oldBin !== newBin && add('bin', binKey(newBin), oneMore),
      };
    },
  );
  if (outcome.committed) return 'recorded';
  if (outcome.failedConditions.has('due')) return 'already-read';
  if (outcome.failedConditions.has('post')) return 'post-gone';
  throw new Error(`A reading was not recorded: ${JSON.stringify(outcome.reasons)}`);
};

export type { PostResultRecord };
