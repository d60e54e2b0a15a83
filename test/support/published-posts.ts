import { randomUUID } from 'node:crypto';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { contentEntity } from '#functions/core/db/entities/content';
import { RESULT_DUE_SHARDS, resultDueEntity } from '#functions/core/db/entities/result-due';
import { watchForResults } from '#functions/domain/results/results-due';

/**
 * `count` posts of a new campaign of the company, published on the platform at `publishedAt` (each
 * with the provider's id `providerPostIdOf(n)`) and on the results due list, as the publisher
 * leaves them.
 */
export const seedPublishedPostsDue = async <P extends ConnectablePlatform>({
  companyId,
  platform,
  count,
  publishedAt,
  providerPostIdOf,
}: {
  companyId: string;
  platform: P;
  count: number;
  publishedAt: string;
  providerPostIdOf: (n: number) => string;
}) => {
  const campaignId = randomUUID();
  const posts = [];
  for (let n = 0; n < count; n++) {
    const post = { companyId, campaignId, contentId: randomUUID(), platform };
    const providerPostId = providerPostIdOf(n);
    await contentEntity()
      .create({
        ...post,
        status: 'published',
        content: `Fresh roast ${n}`,
        generation: { source: 'offline' },
        publishedAt,
        providerPostId,
      })
      .go();
    await watchForResults(post, { providerPostId, publishedAt });
    posts.push({ ...post, providerPostId });
  }
  return { campaignId, posts };
};

/** Empties the results due list (every shard): each test's posts alone are due in the next. */
export const clearResultsDue = async (): Promise<void> => {
  for (let shard = 0; shard < RESULT_DUE_SHARDS; shard++) {
    const { data } = await resultDueEntity()
      .query.due({ shard: String(shard) })
      .go({ pages: 'all' });
    await Promise.all(data.map((due) => resultDueEntity().delete(due).go()));
  }
};
