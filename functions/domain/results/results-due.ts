import { createHash } from 'node:crypto';
import { RESULT_AGES } from '#shared/domain/post-results';
import type { ContentRecord } from '../../core/db/entities/content';
import {
  RESULT_DUE_SHARDS,
  resultDueEntity,
  type ResultDueRecord,
} from '../../core/db/entities/result-due';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The post's shard of the due list: a hash of its id, so neighbours in time spread out. */
export const shardOf = (contentId: string): string =>
  String(createHash('sha256').update(contentId).digest().readUInt32BE(0) % RESULT_DUE_SHARDS);

/** The UTC day of an instant, `yyyy-MM-dd`: X bills a post read once per such day. */
export const utcDayOf = (at: Date): string => at.toISOString().slice(0, 10);

const nextUtcMidnight = (at: Date): number =>
  Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) + DAY_MS;

/**
 * The reading due at `now`: the latest of the post's ages that has come (an earlier one missed,
 * while collection was paused, is skipped rather than read late), or null before the next one.
 */
export const ageDueAt = (
  due: Pick<ResultDueRecord, 'publishedAt' | 'nextAge'>,
  now: Date,
): number | null => {
  const published = Date.parse(due.publishedAt);
  let age: number | null = null;
  for (let index = due.nextAge; index < RESULT_AGES.length; index++) {
    if (published + RESULT_AGES[index]!.afterMs <= now.getTime()) age = index;
  }
  return age;
};

/**
 * After reading age `read` at `now`: the next age and when it is due — never on the same UTC day
 * (a post is read at most once a day) — or null after the last.
 */
export const nextDue = (
  publishedAt: string,
  read: number,
  now: Date,
): { nextAge: number; dueAt: string } | null => {
  const next = read + 1;
  if (next >= RESULT_AGES.length) return null;
  const at = Math.max(Date.parse(publishedAt) + RESULT_AGES[next]!.afterMs, nextUtcMidnight(now));
  return { nextAge: next, dueAt: new Date(at).toISOString() };
};

/**
 * Puts a just-published post on the due list for its first reading. Written after the post is
 * recorded published; a post whose entry could not be written keeps no results (it is logged),
 * and publishing is never held up by it.
 */
export const watchForResults = async (
  post: Pick<ContentRecord, 'companyId' | 'campaignId' | 'contentId' | 'platform'>,
  published: { providerPostId: string; publishedAt: string },
): Promise<void> => {
  await resultDueEntity()
    .put({
      contentId: post.contentId,
      companyId: post.companyId,
      campaignId: post.campaignId,
      platform: post.platform,
      providerPostId: published.providerPostId,
      publishedAt: published.publishedAt,
      nextAge: 0,
      dueAt: new Date(Date.parse(published.publishedAt) + RESULT_AGES[0].afterMs).toISOString(),
      shard: shardOf(post.contentId),
    })
    .go({ response: 'none' });
};

/** How many due entries one run reads from each shard at most (the rest wait for the next run). */
const DUE_PER_SHARD_PER_RUN = 500;

/** Every due entry at `now`, oldest first within each shard. */
export const dueEntries = async (now: Date): Promise<ResultDueRecord[]> => {
  const shards = Array.from({ length: RESULT_DUE_SHARDS }, (_, shard) => String(shard));
  const pages = await Promise.all(
    shards.map((shard) =>
      resultDueEntity()
        .query.due({ shard })
        .lte({ dueAt: now.toISOString() })
        .go({ pages: 'all', limit: DUE_PER_SHARD_PER_RUN }),
    ),
  );
  return pages.flatMap((page) => page.data);
};
