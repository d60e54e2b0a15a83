import type { Logger } from '@aws-lambda-powertools/logger';
import {
  COLLECTION_CREDITS_PAUSE_MS,
  COLLECTION_GIVE_UP_AFTER_MS,
  COLLECTION_RATE_LIMIT_PAUSE_MS,
  RESULT_AGES,
} from '#shared/domain/post-results';
import { isConnectable, type ConnectablePlatform } from '#shared/domain/tiers';
import { companyEntity } from '#functions/core/db/entities/company';
import { contentEntity } from '#functions/core/db/entities/content';
import { resultDueEntity, type ResultDueRecord } from '#functions/core/db/entities/result-due';
import {
  POST_METRICS_READERS,
  type PostMetricsReader,
} from '#functions/integrations/social/post-metrics';
import {
  ProviderAuthRevoked,
  ProviderError,
  ProviderRateLimited,
} from '#functions/integrations/social/provider-errors';
import { socialClient } from '#functions/integrations/social/provider';
import type { SocialClient } from '#functions/integrations/social/social-client';
import { findCredential } from '#functions/platforms/credentials';
import { freshAccessToken } from '#functions/platforms/token-refresh';
import { companyTimeZone } from '#functions/domain/companies/company-time-zone';
import {
  pauseCollection,
  pausedUntil,
  pauseScope,
} from '#functions/domain/results/collection-pauses';
import {
  nextMonthStart,
  releaseReads,
  reserveReads,
} from '#functions/domain/results/monthly-reads';
import { applyReading } from '#functions/domain/results/result-totals';
import { ageDueAt, dueEntries, nextDue, utcDayOf } from '#functions/domain/results/results-due';

/** What one run did, for the logs and the tests. */
export interface CollectionSummary {
  /** Posts whose reading was recorded. */
  recorded: number;
  /** Requests made to the platforms, and the posts each named. */
  requests: { platform: ConnectablePlatform; posts: number }[];
  /** Posts left for a later run: paused, over the monthly cap, not due on this UTC day. */
  deferred: number;
  /**
   * Entries dropped: the post or its company is gone, the platform no longer has it, or nobody
   * may read it (no reader for the platform here, or a connection without the scope it needs).
   */
  dropped: number;
  /** Scopes paused by this run (`twitter`, `twitter#{companyId}`). */
  paused: string[];
}

export interface CollectionDependencies {
  readerFor?: (platform: ConnectablePlatform) => Promise<PostMetricsReader | null>;
  clientFor?: (platform: ConnectablePlatform) => Promise<SocialClient>;
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
};

const groupBy = <T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

const drop = (due: ResultDueRecord) =>
  resultDueEntity().delete({ contentId: due.contentId }).go({ response: 'none' });

/**
 * Why posts were dropped without a read: the platform has no reader here (LinkedIn while the app
 * has not been granted post analytics), or the connection did not grant what the reader needs.
 */
type UnreadReason = 'no-reader' | 'scope-not-granted';

/** The platform's reader, or null for a platform without one (its due entries are dropped). */
const defaultReaderFor = async (platform: ConnectablePlatform): Promise<PostMetricsReader | null> =>
  (await POST_METRICS_READERS[platform]?.()) ?? null;

/** A 402 is X saying the app's credits are spent: every company's reads wait. */
const isCreditsSpent = (error: unknown): boolean =>
  error instanceof ProviderError && error.status === 402;

/**
 * One run of results collection: every due post (the sharded due list, no scan), grouped by
 * platform and company, read in batches of the platform's size as the account that posted them,
 * each post at most once a UTC day and, where reads are billed, within the company's monthly cap.
 * A 402 pauses the platform's collection, a 429 the company's; publishing never waits on either.
 */
export const collectResults = async (
  now: Date,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  dependencies: CollectionDependencies = {},
): Promise<CollectionSummary> => {
  const readerFor = dependencies.readerFor ?? defaultReaderFor;
  const clientFor = dependencies.clientFor ?? socialClient;
  const summary: CollectionSummary = {
    recorded: 0,
    requests: [],
    deferred: 0,
    dropped: 0,
    paused: [],
  };
  const today = utcDayOf(now);
  /** Posts dropped unread, by platform and reason: one log line for the run, not one per post. */
  const unread = new Map<string, { platform: string; reason: UnreadReason; posts: number }>();
  const dropUnread = async (platform: string, reason: UnreadReason, posts: ResultDueRecord[]) => {
    const key = `${platform}:${reason}`;
    const tally = unread.get(key) ?? { platform, reason, posts: 0 };
    unread.set(key, { ...tally, posts: tally.posts + posts.length });
    summary.dropped += posts.length;
    await Promise.all(posts.map(drop));
  };

  const entries = await dueEntries(now);
  // A post whose last reading kept failing (a connection that cannot read results) is given up.
  const stale = entries.filter(
    (entry) =>
      now.getTime() >
      Date.parse(entry.publishedAt) + RESULT_AGES.at(-1)!.afterMs + COLLECTION_GIVE_UP_AFTER_MS,
  );
  summary.dropped += stale.length;
  await Promise.all(stale.map(drop));
  const due = entries.filter((entry) => {
    if (stale.includes(entry)) return false;
    // Read today already (a 24-hour reading of a post read late last night): tomorrow.
    if (entry.lastReadDay === today || ageDueAt(entry, now) === null) {
      summary.deferred++;
      return false;
    }
    return true;
  });

  for (const [platformName, ofPlatform] of groupBy(due, (entry) => entry.platform)) {
    const reader = isConnectable(platformName) ? await readerFor(platformName) : null;
    if (!isConnectable(platformName) || !reader) {
      await dropUnread(platformName, 'no-reader', ofPlatform);
      continue;
    }
    const platform: ConnectablePlatform = platformName;
    let platformPaused = (await pausedUntil([pauseScope(platform)], now)) !== null;

    for (const [companyId, posts] of groupBy(ofPlatform, (entry) => entry.companyId)) {
      if (platformPaused || (await pausedUntil([pauseScope(platform, companyId)], now))) {
        summary.deferred += posts.length;
        continue;
      }
      const { data: company } = await companyEntity().get({ companyId }).go();
      const credential = company ? await findCredential(companyId, platform) : null;
      if (!company || !credential?.connected) {
        // Without the account that posted them, nobody can read them.
        summary.dropped += posts.length;
        await Promise.all(posts.map(drop));
        continue;
      }
      if (reader.requiredScope && !credential.scopes.includes(reader.requiredScope)) {
        // The platform would refuse every read (a connection made before the app was granted
        // the scope): none is made.
        await dropUnread(platform, 'scope-not-granted', posts);
        continue;
      }
      if (credential.needsReconnection) {
        summary.deferred += posts.length;
        continue;
      }
      let accessToken: string;
      try {
        accessToken = (await freshAccessToken(await clientFor(platform), credential)).accessToken;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        logger.warn('No access token to read results with', { companyId, platform, error });
        summary.deferred += posts.length;
        continue;
      }

      for (const batch of chunks(posts, reader.batchMax)) {
        const granted = reader.billedPerRead
          ? await reserveReads(companyId, platform, batch.length, now)
          : batch.length;
        if (granted < batch.length) {
          summary.deferred += batch.length - granted;
          const until = nextMonthStart(now);
          await pauseCollection(pauseScope(platform, companyId), until, 'monthly-cap');
          summary.paused.push(pauseScope(platform, companyId));
          logger.warn('The company has used its results reads for the month', {
            companyId,
            platform,
          });
        }
        const reading = batch.slice(0, granted);
        if (reading.length === 0) break;
        let metrics;
        try {
          summary.requests.push({ platform, posts: reading.length });
          metrics = await reader.read({
            accessToken,
            accountId: credential.accountId,
            postIds: reading.map((entry) => entry.providerPostId),
          });
        } catch (error) {
          if (reader.billedPerRead) await releaseReads(companyId, platform, granted, now);
          summary.deferred += reading.length;
          if (isCreditsSpent(error)) {
            const until = new Date(now.getTime() + COLLECTION_CREDITS_PAUSE_MS);
            await pauseCollection(pauseScope(platform), until, 'credits');
            summary.paused.push(pauseScope(platform));
            logger.error('The platform refused results reads: credits spent (402)', { platform });
            platformPaused = true;
            break;
          }
          if (error instanceof ProviderRateLimited) {
            const until =
              error.resetAt && error.resetAt > now
                ? error.resetAt
                : new Date(now.getTime() + COLLECTION_RATE_LIMIT_PAUSE_MS);
            await pauseCollection(pauseScope(platform, companyId), until, 'rate-limit');
            summary.paused.push(pauseScope(platform, companyId));
            logger.warn('Results reads are rate limited (429)', { companyId, platform, until });
            break;
          }
          if (error instanceof ProviderAuthRevoked || error instanceof ProviderError) {
            logger.warn('Results could not be read', { companyId, platform, error });
            break;
          }
          throw error;
        }
        for (const entry of reading) {
          const found = metrics.get(entry.providerPostId);
          if (!found) {
            // The platform no longer has it (deleted there): nothing more to read.
            summary.dropped++;
            await drop(entry);
            continue;
          }
          const ageIndex = ageDueAt(entry, now)!;
          const { data: post } = await contentEntity()
            .get({ companyId, campaignId: entry.campaignId, contentId: entry.contentId })
            .go();
          if (!post) {
            summary.dropped++;
            await drop(entry);
            continue;
          }
          const next = nextDue(entry.publishedAt, ageIndex, now);
          const outcome = await applyReading(
            entry,
            {
              ...found,
              age: RESULT_AGES[ageIndex]!.id,
              collectedAt: now.toISOString(),
            },
            next ? { ...next, lastReadDay: today } : null,
            { timeZone: companyTimeZone(company), text: post.content, postUrl: post.postUrl },
          );
          if (outcome === 'recorded') summary.recorded++;
          else if (outcome === 'post-gone') {
            summary.dropped++;
            await drop(entry);
          }
        }
      }
    }
  }
  if (unread.size) {
    logger.info('Results not read: no reader here, or a connection without its scope', {
      unread: [...unread.values()],
    });
  }
  logger.info('Collected results', {
    recorded: summary.recorded,
    requests: summary.requests.length,
    deferred: summary.deferred,
    dropped: summary.dropped,
    paused: summary.paused,
  });
  return summary;
};
