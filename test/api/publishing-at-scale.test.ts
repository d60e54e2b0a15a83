import { describe, expect, it } from 'vitest';
import { useSandboxTable } from './db';
import { jobsSettled, runJob } from './http';
import {
  allPostsAtX,
  minutesAgo,
  newCampaign,
  newOwner,
  postOf,
  publish,
  seedPost,
  watch,
  type Seeded,
} from './publishing-support';

/**
 * Publishing at scale: 200 approved posts over 20 companies, all overdue,
 * swept while half of them are also delivered to the publisher directly (the scheduler's own
 * delivery racing the sweeper's), the other half again while the sweeper's runs are under way:
 * every post ends published, and the stand-in of X receives each text exactly once.
 */

const COMPANIES = 20;
const POSTS_PER_COMPANY = 10;
/** Owners are registered and connected this many at a time (the sandbox's OAuth dance per owner). */
const OWNER_BATCH = 5;

const inBatches = async <T, R>(items: T[], size: number, each: (item: T) => Promise<R>) => {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(each))));
  return results;
};

const sweep = async () =>
  (await runJob<{ publishing: Record<string, number> }>('sweeper', {})).result!.publishing;

describe('publishing at scale', () => {
  it('publishes 200 overdue posts of 20 companies once each, with a second delivery of every post racing the sweeper', async () => {
    const started = performance.now();
    const owners = await inBatches(
      Array.from({ length: COMPANIES }, (_, index) => index),
      OWNER_BATCH,
      async () => {
        const owner = await newOwner();
        return { owner, campaignId: await newCampaign(owner) };
      },
    );
    const posts: Seeded[] = (
      await Promise.all(
        owners.map(({ owner, campaignId }) =>
          Promise.all(
            Array.from({ length: POSTS_PER_COMPANY }, async () => {
              const seeded = await seedPost(owner, campaignId, { scheduledFor: minutesAgo(20) });
              await watch(seeded, 'publish', minutesAgo(5));
              return seeded;
            }),
          ),
        ),
      )
    ).flat();
    expect(posts).toHaveLength(COMPANIES * POSTS_PER_COMPANY);
    const seededAt = performance.now();

    // At once: the sweeper (which starts the publisher for every overdue post) and a second
    // delivery of every other post straight to the publisher.
    const [swept, ...direct] = await Promise.all([
      sweep(),
      ...posts.filter((_, index) => index % 2 === 0).map((seeded) => publish(seeded)),
    ]);
    // The sweeper's runs are still going: the other half is delivered again now, racing them (the
    // posts delivered directly above were mostly claimed before the sweeper reached them, so the
    // sweeper found them publishing or published and did not fire them).
    const late = await Promise.all(
      posts.filter((_, index) => index % 2 === 1).map((seeded) => publish(seeded)),
    );
    await jobsSettled(60_000);
    // Watches other test files left due come first (oldest first): sweep again until every one of
    // these posts has been fired (a fired watch is not due again for 15 minutes).
    let fired = swept!.fired!;
    for (let round = 0; round < 5 && (await unpublished(posts)).length; round++) {
      fired += (await sweep()).fired!;
      await jobsSettled(60_000);
    }
    const settledAt = performance.now();

    // A direct delivery either published the post itself or found it claimed by the sweeper's.
    for (const outcome of [...direct, ...late])
      expect(['published', 'duplicate', 'not-due', 'held-elsewhere']).toContain(outcome);
    expect(await unpublished(posts)).toEqual([]);

    const received = new Map<string, number>();
    for (const post of await allPostsAtX())
      received.set(post.text, (received.get(post.text) ?? 0) + 1);
    const lost = posts.filter((seeded) => !received.has(seeded.text));
    const duplicated = posts.filter((seeded) => (received.get(seeded.text) ?? 0) > 1);
    expect({ lost: lost.length, duplicated: duplicated.length }).toEqual({
      lost: 0,
      duplicated: 0,
    });

    const { publishWatches } = await useSandboxTable();
    console.log(
      `publishing at scale: ${owners.length} owners and ${posts.length} posts seeded in ${Math.round(seededAt - started)} ms; ` +
        `sweeper fired ${fired} (${direct.filter((outcome) => outcome === 'published').length} published by the direct deliveries, ${late.filter((outcome) => outcome === 'published').length} by the late ones) and ` +
        `all settled in ${Math.round(settledAt - seededAt)} ms`,
    );
    // Every watch of a published post goes at its next look; until then it is not due again soon.
    const { data } = await publishWatches.get({ contentId: posts[0]!.event.contentId }).go();
    if (data) expect(Date.parse(data.dueAt)).toBeGreaterThan(Date.now());
  }, 120_000);
});

const unpublished = async (posts: Seeded[]) =>
  (await Promise.all(posts.map(async (seeded) => ({ seeded, post: await postOf(seeded) }))))
    .filter(({ post }) => post.status !== 'published')
    .map(({ seeded, post }) => `${seeded.event.contentId}: ${post.status}`);
