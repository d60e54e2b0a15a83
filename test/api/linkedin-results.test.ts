import { describe, expect, it } from 'vitest';
import type { GeneratedContent } from '#shared/contract/content';
import type { Performance } from '#shared/contract/performance';
import type { PlatformCredential } from '#shared/contract/platforms';
import { newCampaign as newContentCampaign } from './content-support';
import { setPaidTier, useSandboxTable } from './db';
import { call, runJob } from './http';
import {
  allowAtProvider,
  beginConsent,
  followCallback,
  landing,
  type Owner,
} from './platforms-support';
import { newOwner, postOf, publish, sandboxApi, seedPost, type Seeded } from './publishing-support';

/**
 * LinkedIn answers a post's statistics only to a member who granted `r_member_postAnalytics`, a
 * scope LinkedIn gives an app after review. The sandbox's app has it (the stage setting is on),
 * so its consent asks for it; a connection made without it (before the app had it) is never
 * read: its posts leave the due list at once, and the stand-in receives no request for them.
 */

const HOUR = 60 * 60 * 1000;
const POST_ANALYTICS = 'r_member_postAnalytics';

interface AnalyticsRequest {
  postId: string;
  metric: string;
}

/** What the stand-in for LinkedIn was asked about this post's statistics. */
const analyticsRequestsFor = async (postId: string): Promise<string[]> => {
  const response = await sandboxApi('/providers/linkedin/analytics-requests');
  const { requests } = (await response.json()) as { requests: AnalyticsRequest[] };
  return requests
    .filter((request) => request.postId === postId)
    .map((request) => request.metric)
    .sort();
};

/** An owner on a paid plan with LinkedIn connected, its consent allowed with or without the scope. */
const ownerOnLinkedIn = async (withPostAnalytics: boolean): Promise<Owner> => {
  const owner = await newOwner();
  await setPaidTier(owner.companyId, 'gold');
  const consent = await beginConsent(owner, 'linkedin');
  const url = new URL(consent.url);
  const scopes = url.searchParams.get('scope')!.split(' ');
  // The sandbox's app has been granted post analytics: the consent page is asked for them.
  expect(scopes).toContain(POST_ANALYTICS);
  if (!withPostAnalytics) {
    url.searchParams.set('scope', scopes.filter((scope) => scope !== POST_ANALYTICS).join(' '));
  }
  const back = await followCallback(
    await allowAtProvider({ ...consent, url: url.toString() }, 'Harbor Coffee'),
    consent.cookie,
  );
  expect(landing(back).params).toMatchObject({ success: 'true' });
  const credentials = await call<PlatformCredential[]>(
    'GET',
    `/companies/${owner.companyId}/platform-credentials`,
    { token: owner.token },
  );
  const linkedIn = credentials.body.find((credential) => credential.platform === 'linkedin')!;
  expect(linkedIn.scopes.includes(POST_ANALYTICS)).toBe(withPostAnalytics);
  return owner;
};

/** A post published to LinkedIn through the sandbox, with LinkedIn's id of it. */
const publishedOnLinkedIn = async (owner: Owner) => {
  const campaignId = await newContentCampaign(owner, { platforms: ['twitter', 'linkedin'] });
  const seeded = await seedPost(owner, campaignId, { platform: 'linkedin' });
  expect(await publish(seeded)).toBe('published');
  const { providerPostId } = await postOf(seeded);
  return { seeded, postId: providerPostId! };
};

const dueEntryOf = async ({ event }: Seeded) => {
  const { resultDues } = await useSandboxTable();
  return (await resultDues.get({ contentId: event.contentId }).go({ consistent: true })).data;
};

const resultsOf = async (owner: Owner, { event }: Seeded) =>
  (
    await call<GeneratedContent>(
      'GET',
      `/campaigns/${event.campaignId}/content/${event.contentId}`,
      {
        token: owner.token,
      },
    )
  ).body.results;

describe('LinkedIn results', () => {
  it('reads a LinkedIn post only where its connection granted post analytics', async () => {
    const granted = await ownerOnLinkedIn(true);
    const notGranted = await ownerOnLinkedIn(false);
    const read = await publishedOnLinkedIn(granted);
    const unread = await publishedOnLinkedIn(notGranted);
    expect(await dueEntryOf(unread.seeded)).toMatchObject({ platform: 'linkedin', nextAge: 0 });

    // The collection job's run an hour after publishing.
    const run = await runJob('results-collection', {
      time: new Date(Date.now() + HOUR + 60_000).toISOString(),
    });
    expect(run.status).toBe('done');

    // Read: each metric once, its results on the post, its next reading due.
    expect(await analyticsRequestsFor(read.postId)).toEqual([
      'COMMENT',
      'IMPRESSION',
      'REACTION',
      'RESHARE',
    ]);
    const results = await resultsOf(granted, read.seeded);
    expect(results).toMatchObject({ age: '1h' });
    expect(results!.impressions).toBeGreaterThan(0);
    expect(await dueEntryOf(read.seeded)).toMatchObject({ nextAge: 1 });

    // Not read: no request at all, and off the due list at once.
    expect(await analyticsRequestsFor(unread.postId)).toEqual([]);
    expect(await dueEntryOf(unread.seeded)).toBeNull();
    expect(await resultsOf(notGranted, unread.seeded)).toBeNull();

    // The Performance page says why the one company's LinkedIn posts have no results.
    const unreadOn = async (owner: Owner) =>
      (
        await call<Performance>('GET', `/companies/${owner.companyId}/performance`, {
          token: owner.token,
        })
      ).body.linkedInResultsUnread;
    expect(await unreadOn(notGranted)).toBe(true);
    expect(await unreadOn(granted)).toBe(false);
  });
});
