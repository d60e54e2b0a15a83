import { describe, expect, it } from 'vitest';
import type { GeneratedContent } from '#shared/contract/content';
import type { BestTimes, Performance, PerformanceExport } from '#shared/contract/performance';
import { TIME_WINDOWS } from '#shared/domain/post-results';
import { call, registerUser, runJob } from './http';
import { newCampaign, newOwner, publish, seedPost } from './publishing-support';

/**
 * How posts did, through the API: a post published through the sandbox's X, its results read by
 * the collection job an hour later, then on the post, the Performance page, the best times and
 * the export; and nobody else's company is answered.
 */

const HOUR = 60 * 60 * 1000;

describe('performance', () => {
  it('shows a published post’s results on the post and on the Performance page', async () => {
    const owner = await newOwner();
    const campaignId = await newCampaign(owner);
    const seeded = await seedPost(owner, campaignId);
    expect(await publish(seeded)).toBe('published');

    const empty = await call<Performance>('GET', `/companies/${owner.companyId}/performance`, {
      token: owner.token,
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ resultCount: 0, mostlyStartingGuess: true });
    expect(empty.body.heatMap.cells).toHaveLength(28);

    // The collection job's run an hour after publishing.
    const run = await runJob('results-collection', {
      time: new Date(Date.now() + HOUR + 60_000).toISOString(),
    });
    expect(run.status).toBe('done');

    const post = await call<GeneratedContent>(
      'GET',
      `/campaigns/${campaignId}/content/${seeded.event.contentId}`,
      { token: owner.token },
    );
    expect(post.body.results).toMatchObject({ age: '1h' });
    const results = post.body.results!;
    expect(results.impressions).toBeGreaterThan(0);
    expect(results.engagementRate).toBeCloseTo(results.engagements / results.impressions);

    const page = await call<Performance>(
      'GET',
      `/companies/${owner.companyId}/performance?weeks=4`,
      { token: owner.token },
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      timeZone: 'America/Chicago',
      resultCount: 1,
      mostlyStartingGuess: true,
      collectionPausedUntil: null,
    });
    expect(page.body.topPosts.posts).toEqual([
      expect.objectContaining({
        contentId: seeded.event.contentId,
        campaignId,
        excerpt: seeded.text,
        results: expect.objectContaining({ impressions: results.impressions }),
      }),
    ]);
    expect(page.body.campaigns.campaigns).toEqual([
      expect.objectContaining({ campaignId, posts: 1, engagements: results.engagements }),
    ]);
    expect(page.body.heatMap.cells.filter((cell) => cell.posts > 0)).toHaveLength(1);
    expect(page.body.overTime.weeks).toEqual([
      expect.objectContaining({ platform: 'twitter', posts: 1 }),
    ]);
    // Every section says its period.
    for (const section of [page.body.overTime, page.body.topPosts, page.body.heatMap]) {
      expect(Date.parse(section.period.from)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(section.period.to)).toBeGreaterThan(Date.now());
    }

    const best = await call<BestTimes>(
      'GET',
      `/companies/${owner.companyId}/performance/best-times`,
      { token: owner.token },
    );
    const onX = best.body.platforms.find((platform) => platform.platform === 'twitter')!;
    expect(onX).toMatchObject({ resultCount: 1, mostlyStartingGuess: true });
    expect(onX.windows.map((window) => window.window).sort()).toEqual([...TIME_WINDOWS].sort());
    expect(onX.windows.filter((window) => window.posts === 1)).toEqual([
      expect.objectContaining({
        evidence: expect.stringMatching(/^1 post, \d+\.\d× your median$/),
      }),
    ]);

    const exported = await call<PerformanceExport>(
      'GET',
      `/companies/${owner.companyId}/performance/export`,
      { token: owner.token },
    );
    expect(exported.body).toMatchObject({ rows: 1, truncated: false });
    const [header, row] = exported.body.csv.trim().split('\r\n');
    expect(header).toMatch(/^Published at \(UTC\),Platform,Campaign,Post,Impressions/);
    expect(row).toContain(`X (Twitter),`);
    expect(row).toContain(`,${results.impressions},${results.engagements},`);
  });

  it('answers 404 for another owner’s company on every Performance route', async () => {
    const owner = await newOwner();
    const stranger = await registerUser();
    for (const path of ['', '/best-times', '/export']) {
      const answer = await call('GET', `/companies/${owner.companyId}/performance${path}`, {
        token: stranger.token,
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    }
  });
});
