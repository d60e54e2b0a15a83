import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyOverview, CompanyPage, UpcomingPost } from '#shared/contract/companies';
import type { GeneratedContent } from '#shared/contract/content';
import { UP_NEXT_POSTS } from '#shared/domain/limits';
import {
  approveDraft,
  draftPost,
  newCampaign,
  newContentOwner,
  type ContentOwner,
} from './content-support';
import { call } from './http';

/**
 * What needs doing in a company, across its campaigns: its card in the owner's list says how many
 * drafts wait for review and which post goes out next; its overview lists the next posts going out.
 */

const cardOf = async (owner: ContentOwner) => {
  const list = await call<CompanyPage>('GET', `/companies/user/${owner.account.user._id}`, {
    token: owner.token,
  });
  expect(list.status, JSON.stringify(list.body)).toBe(200);
  const card = list.body.data.find((company) => company._id === owner.companyId);
  if (!card) throw new Error('the company is not in its owner’s list');
  return card;
};

const overviewOf = async (owner: ContentOwner) => {
  const result = await call<CompanyOverview>('GET', `/companies/${owner.companyId}/overview`, {
    token: owner.token,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
};

const upcoming = (post: GeneratedContent): UpcomingPost => ({
  contentId: post._id,
  campaignId: post.campaignId,
  platform: post.metadata.params.platform,
  scheduledFor: post.scheduledFor!,
  preview: expect.any(String) as unknown as string,
});

describe('what needs doing in a company', () => {
  let owner: ContentOwner;
  let scheduled: GeneratedContent[];

  beforeAll(async () => {
    owner = await newContentOwner({ tier: 'platinum' });
    const spring = await newCampaign(owner, { name: 'Spring menu' });
    const autumn = await newCampaign(owner, {
      name: 'Autumn blend',
      platforms: ['twitter', 'linkedin'],
    });
    // Four posts approved across two campaigns and two platforms; three drafts left waiting.
    const approved: [string, string][] = [];
    for (const [campaignId, platform] of [
      [spring, 'twitter'],
      [autumn, 'linkedin'],
      [autumn, 'twitter'],
      [spring, 'twitter'],
    ] as const) {
      approved.push([campaignId, await draftPost(owner, campaignId, platform)]);
    }
    await draftPost(owner, spring);
    await draftPost(owner, autumn);
    await draftPost(owner, autumn, 'linkedin');
    scheduled = [];
    for (const [campaignId, contentId] of approved) {
      scheduled.push(await approveDraft(owner, campaignId, contentId));
    }
    expect(scheduled.map((post) => post.status)).toEqual(Array(4).fill('scheduled'));
    // Soonest first; of two at the same time, by id (the order of the company's timeline).
    scheduled.sort(
      (a, b) => a.scheduledFor!.localeCompare(b.scheduledFor!) || a._id.localeCompare(b._id),
    );
  });

  it('counts the drafts waiting and names the next post on the company’s card', async () => {
    const card = await cardOf(owner);
    expect(card.timeZone).toBe('America/Chicago');
    expect(card.agenda).toEqual({ draftsWaiting: 3, nextPost: upcoming(scheduled[0]!) });
    expect(card.agenda.nextPost!.preview.length).toBeGreaterThan(0);
    expect(scheduled[0]!.content.startsWith(card.agenda.nextPost!.preview.replace(/…$/, ''))).toBe(
      true,
    );
  });

  it('lists the next posts going out of every campaign on the overview, soonest first', async () => {
    const overview = await overviewOf(owner);
    expect(overview.upNext).toEqual(scheduled.slice(0, UP_NEXT_POSTS).map(upcoming));
  });

  it('has nothing to say of a company without posts', async () => {
    const empty = await newContentOwner({ tier: 'intro' });
    expect((await cardOf(empty)).agenda).toEqual({ draftsWaiting: 0, nextPost: null });
    expect((await overviewOf(empty)).upNext).toEqual([]);
  });
});
