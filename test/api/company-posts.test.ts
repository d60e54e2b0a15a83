import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ContentList,
  GeneratedContent,
  PostApproval,
  PostApprovals,
} from '#shared/contract/content';
import { BULK_APPROVE_MESSAGES, CONTENT_MESSAGES } from '#shared/domain/content';
import { newTimeOrderedId } from '#functions/core/ids';
import {
  approveDraft,
  dayFromToday,
  draftPost,
  newCampaign,
  newContentOwner,
  type ContentOwner,
} from './content-support';
import { apiUrl, call, jobsSettled, type ApiResult } from './http';

/**
 * A company's posts across its campaigns, as the calendar reads them: the scheduled, published and
 * failed ones in a window of time, by their time, a page at a time; the drafts waiting for review,
 * oldest first; and the approval of many drafts at once, each on its own, answered per post.
 */

type ErrorAnswer = { code: string; message: string; fields?: Record<string, string> };
const refusal = (result: ApiResult<unknown>) => result.body as ErrorAnswer;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** Hands a scheduled post to the publisher now, and waits for it. */
const publishNow = async (owner: ContentOwner, campaignId: string, contentId: string) => {
  const moved = await call('POST', `/campaigns/${campaignId}/content/${contentId}/schedule`, {
    token: owner.token,
    body: { now: true },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  await jobsSettled();
};

/** The post as its campaign's list answers it. */
const postOf = async (owner: ContentOwner, campaignId: string, contentId: string) => {
  const listed = await call<ContentList>('GET', `/campaigns/${campaignId}/content?limit=100`, {
    token: owner.token,
  });
  const post = listed.body.data.find((item) => item._id === contentId);
  if (!post) throw new Error(`post ${contentId} is not in its campaign`);
  return post;
};

const postsPage = (owner: ContentOwner, companyId: string, query: Record<string, string>) =>
  call<ContentList>('GET', `/companies/${companyId}/posts?${new URLSearchParams(query)}`, {
    token: owner.token,
  });

/** Every page of the window, following the cursor: the ids in order and the pages' sizes. */
const allPosts = async (owner: ContentOwner, query: Record<string, string>) => {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await postsPage(owner, owner.companyId, {
      ...query,
      ...(cursor ? { cursor } : {}),
    });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    ids.push(...page.body.data.map((post) => post._id));
    sizes.push(page.body.data.length);
    cursor = page.body.nextCursor;
  } while (cursor);
  return { ids, sizes };
};

const draftsOf = async (owner: ContentOwner, query = '') => {
  const result = await call<ContentList>(
    'GET',
    `/companies/${owner.companyId}/posts/drafts${query}`,
    { token: owner.token },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result;
};

const approveMany = (owner: ContentOwner, contentIds: string[], companyId = owner.companyId) =>
  call<PostApprovals>('POST', `/companies/${companyId}/posts/approve`, {
    token: owner.token,
    body: { contentIds },
  });

const timeOf = (post: GeneratedContent) => post.publishedAt ?? post.scheduledFor!;

describe('a company’s posts across its campaigns', () => {
  let owner: ContentOwner;
  let spring: string;
  let autumn: string;
  /** Scheduled at its slot, published now, failed now; and two drafts left waiting. */
  let scheduled: GeneratedContent;
  let published: GeneratedContent;
  let failed: GeneratedContent;
  let waiting: string[];
  let window: { from: string; to: string };

  beforeAll(async () => {
    owner = await newContentOwner({ tier: 'platinum' });
    spring = await newCampaign(owner, { name: 'Spring menu' });
    autumn = await newCampaign(owner, { name: 'Autumn blend' });
    const [s1, s2] = [await draftPost(owner, spring), await draftPost(owner, spring)];
    const [a1, a2, a3] = [
      await draftPost(owner, autumn),
      await draftPost(owner, autumn),
      await draftPost(owner, autumn),
    ];
    waiting = [a2, a3];
    const started = Date.now();
    for (const [campaignId, contentId] of [
      [spring, s1],
      [spring, s2],
      [autumn, a1],
    ] as const) {
      await approveDraft(owner, campaignId, contentId);
    }
    // The stand-in of X never answers the next post: it fails as "could not confirm".
    const failure = await fetch(`${apiUrl()}/_sandbox/api/providers/twitter/next-failure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'timeout' }),
    });
    expect(failure.status).toBeLessThan(300);
    await publishNow(owner, spring, s2);
    await publishNow(owner, autumn, a1);
    scheduled = await postOf(owner, spring, s1);
    failed = await postOf(owner, spring, s2);
    published = await postOf(owner, autumn, a1);
    expect([scheduled.status, failed.status, published.status]).toEqual([
      'scheduled',
      'failed',
      'published',
    ]);
    window = { from: iso(started - HOUR), to: iso(started + 40 * DAY) };
  });

  it('lists the scheduled, published and failed posts of every campaign by their time, a page at a time', async () => {
    const byTime = [scheduled, published, failed]
      .sort((a, b) => timeOf(a).localeCompare(timeOf(b)))
      .map((post) => post._id);
    // The failed post stands where it was due; the published one where it went out.
    expect(timeOf(failed)).toBe(failed.scheduledFor);
    expect(timeOf(published)).toBe(published.publishedAt);

    const { ids, sizes } = await allPosts(owner, { ...window, limit: '2' });
    expect(ids).toEqual(byTime);
    // Full pages, and no empty page after the last.
    expect(sizes).toEqual([2, 1]);

    const firstPage = await postsPage(owner, owner.companyId, { ...window, limit: '5' });
    expect(firstPage.body).toMatchObject({ limit: 5, nextCursor: null });
    expect(firstPage.body.data.find((post) => post._id === published._id)).toEqual(published);
  });

  it('lists one status on its own', async () => {
    for (const [status, post] of [
      ['scheduled', scheduled],
      ['published', published],
      ['failed', failed],
    ] as const) {
      expect((await allPosts(owner, { ...window, status, limit: '1' })).ids).toEqual([post._id]);
    }
    expect((await allPosts(owner, { ...window, status: 'publishing' })).ids).toEqual([]);
  });

  it('keeps to the window: from included, to not', async () => {
    const at = timeOf(scheduled);
    expect((await allPosts(owner, { from: at, to: iso(Date.parse(at) + 1) })).ids).toEqual([
      scheduled._id,
    ]);
    expect((await allPosts(owner, { from: window.from, to: at })).ids).not.toContain(scheduled._id);
    // An offset other than Z names the same instant.
    const local = new Date(Date.parse(at) - 6 * HOUR).toISOString().replace('Z', '-06:00');
    expect((await allPosts(owner, { from: local, to: window.to })).ids).toContain(scheduled._id);
  });

  it('lists the drafts waiting for review of every campaign, oldest first', async () => {
    const drafts = await draftsOf(owner);
    expect(drafts.body.data.map((post) => post._id)).toEqual(waiting);
    expect(drafts.body.data.every((post) => post.status === 'draft')).toBe(true);
    const first = await draftsOf(owner, '?limit=1');
    expect(first.body.data.map((post) => post._id)).toEqual([waiting[0]]);
    const second = await draftsOf(owner, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body).toMatchObject({ nextCursor: null });
    expect(second.body.data.map((post) => post._id)).toEqual([waiting[1]]);
  });

  it('refuses a window that is reversed, too long or not a time', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: window.to, to: window.from }, 'to'],
      [{ from: window.from, to: window.from }, 'to'],
      [{ from: window.from, to: iso(Date.parse(window.from) + 43 * DAY) }, 'to'],
      [{ from: '2026-11-23', to: window.to }, 'from'],
      [{ from: window.from, to: '2026-11-23T09:00:00' }, 'to'],
      [{ to: window.to }, 'from'],
      [{ ...window, status: 'draft' }, 'status'],
    ];
    for (const [query, field] of cases) {
      const result = await postsPage(owner, owner.companyId, query);
      expect(result.status, JSON.stringify(query)).toBe(400);
      expect(refusal(result).code).toBe('VALIDATION_FAILED');
      expect(Object.keys(refusal(result).fields ?? {})).toContain(field);
    }
    expect(
      (
        await postsPage(owner, owner.companyId, {
          from: window.from,
          to: iso(Date.parse(window.from) + 42 * DAY),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a cursor of another list: another company’s, or another window’s', async () => {
    const other = await newContentOwner();
    const page = await postsPage(owner, owner.companyId, { ...window, limit: '1' });
    const cursor = page.body.nextCursor!;
    expect(cursor).toEqual(expect.any(String));
    const elsewhere = [
      [other, other.companyId, window],
      // The cursor's post lies before this window starts.
      [owner, owner.companyId, { from: iso(Date.parse(timeOf(scheduled)) + 1), to: window.to }],
    ] as const;
    for (const [caller, companyId, query] of elsewhere) {
      const result = await postsPage(caller, companyId, { ...query, cursor });
      expect(result.status).toBe(400);
      expect(refusal(result).fields).toHaveProperty('cursor');
    }
    const drafts = await draftsOf(owner, '?limit=1');
    const wrongList = await postsPage(owner, owner.companyId, {
      ...window,
      cursor: drafts.body.nextCursor!,
    });
    expect(wrongList.status).toBe(400);
  });

  it('answers another owner’s company as missing', async () => {
    const stranger = await newContentOwner();
    expect((await postsPage(stranger, owner.companyId, window)).status).toBe(404);
    const drafts = await call('GET', `/companies/${owner.companyId}/posts/drafts`, {
      token: stranger.token,
    });
    expect(drafts.status).toBe(404);
    expect((await approveMany(stranger, waiting, owner.companyId)).status).toBe(404);
    expect((await draftsOf(owner)).body.data.map((post) => post._id)).toEqual(waiting);
  });
});

describe('approving many posts at once', () => {
  let owner: ContentOwner;
  let spring: string;
  let autumn: string;

  beforeAll(async () => {
    owner = await newContentOwner({ tier: 'platinum' });
    spring = await newCampaign(owner, { name: 'Spring menu' });
    autumn = await newCampaign(owner, { name: 'Autumn blend' });
  });

  it('approves each post on its own, in order, and says where each went or why not', async () => {
    const first = await draftPost(owner, spring);
    const second = await draftPost(owner, autumn);
    const third = await draftPost(owner, spring);
    const reviewed = await draftPost(owner, autumn);
    await approveDraft(owner, autumn, reviewed);
    const before = await postOf(owner, autumn, reviewed);
    const stranger = await newContentOwner();
    const strangersCampaign = await newCampaign(stranger);
    const strangers = await draftPost(stranger, strangersCampaign);
    const missing = newTimeOrderedId();

    const result = await approveMany(owner, [first, strangers, second, missing, reviewed, third]);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const [one, theirs, two, nobody, again, three] = result.body.results;
    const notFound = {
      outcome: 'refused',
      code: 'CONTENT_NOT_FOUND',
      message: 'Content not found',
    };
    expect(theirs).toEqual({ contentId: strangers, ...notFound });
    expect(nobody).toEqual({ contentId: missing, ...notFound });
    expect(again).toEqual({
      contentId: reviewed,
      outcome: 'refused',
      code: 'CONTENT_NOT_REVIEWABLE',
      message: CONTENT_MESSAGES.notReviewable,
    });
    for (const [answer, contentId, campaignId] of [
      [one, first, spring],
      [two, second, autumn],
      [three, third, spring],
    ] as const) {
      const post = await postOf(owner, campaignId, contentId);
      expect(post.status).toBe('scheduled');
      expect(answer).toEqual({
        contentId,
        outcome: 'scheduled',
        campaignId,
        scheduledFor: post.scheduledFor,
      });
      expect(post.modificationHistory.map((entry) => entry.status)).toEqual(['approved']);
    }
    // In the order given: the first of the spring campaign took its earlier slot.
    expect(Date.parse((one as { scheduledFor: string }).scheduledFor)).toBeLessThan(
      Date.parse((three as { scheduledFor: string }).scheduledFor),
    );
    // The stranger's post, and the one reviewed before, are as they were.
    expect((await postOf(stranger, strangersCampaign, strangers)).status).toBe('draft');
    expect(await postOf(owner, autumn, reviewed)).toEqual(before);

    // On the calendar now, at their slots; no longer waiting for review.
    const now = Date.now();
    const { ids } = await allPosts(owner, { from: iso(now - HOUR), to: iso(now + 40 * DAY) });
    expect(ids).toEqual(expect.arrayContaining([first, second, third, reviewed]));
    expect((await draftsOf(owner)).body.data).toEqual([]);
  });

  it('approves a post whose campaign cannot slot it now, and says why it waits', async () => {
    const paused = await newCampaign(owner, { name: 'Paused' });
    const pausedPost = await draftPost(owner, paused);
    const status = await call('PATCH', `/campaigns/${paused}/status`, {
      token: owner.token,
      body: { status: 'paused' },
    });
    expect(status.status).toBe(200);
    // Posting days that never come before the campaign ends tomorrow.
    const never = new Date(Date.now() + 3 * DAY)
      .toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })
      .toLowerCase();
    const ending = await newCampaign(owner, {
      name: 'Ending',
      endDate: dayFromToday(1),
      schedule: { days: [never], times: ['09:00'] },
    });
    const endingPost = await draftPost(owner, ending);

    const result = await approveMany(owner, [pausedPost, endingPost]);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.results).toEqual([
      {
        contentId: pausedPost,
        outcome: 'approved',
        campaignId: paused,
        code: 'CAMPAIGN_NOT_ACTIVE',
        message: BULK_APPROVE_MESSAGES.campaignNotActive,
      },
      {
        contentId: endingPost,
        outcome: 'approved',
        campaignId: ending,
        code: 'NO_FREE_SLOT',
        message: BULK_APPROVE_MESSAGES.noFreeSlot,
      },
    ] satisfies PostApproval[]);
    expect((await postOf(owner, paused, pausedPost)).status).toBe('approved');
    expect((await postOf(owner, ending, endingPost)).status).toBe('approved');
  });

  it('approves each post once when two approvals of the same posts meet', async () => {
    const ids = [
      await draftPost(owner, spring),
      await draftPost(owner, autumn),
      await draftPost(owner, spring),
    ];
    const [a, b] = await Promise.all([approveMany(owner, ids), approveMany(owner, ids)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const [index, contentId] of ids.entries()) {
      const outcomes = [a.body.results[index]!, b.body.results[index]!];
      expect(outcomes.map((outcome) => outcome.contentId)).toEqual([contentId, contentId]);
      expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(['refused', 'scheduled']);
      expect(outcomes.find((outcome) => outcome.outcome === 'refused')).toMatchObject({
        code: 'CONTENT_NOT_REVIEWABLE',
      });
    }
    const posts = await Promise.all(
      ids.map((contentId, index) => postOf(owner, index === 1 ? autumn : spring, contentId)),
    );
    for (const post of posts) {
      expect(post.modificationHistory.filter((entry) => entry.status === 'approved')).toHaveLength(
        1,
      );
    }
    const springSlots = [posts[0]!.scheduledFor, posts[2]!.scheduledFor];
    expect(new Set(springSlots).size).toBe(2);
  });

  it('takes 1 to 25 distinct post ids', async () => {
    const id = () => newTimeOrderedId();
    const cases: [unknown, string][] = [
      [[], 'contentIds'],
      [Array.from({ length: 26 }, id), 'contentIds'],
      [new Array<string>(2).fill(id()), 'contentIds'],
      [['not-an-id'], 'contentIds.0'],
    ];
    for (const [contentIds, field] of cases) {
      const result = await call('POST', `/companies/${owner.companyId}/posts/approve`, {
        token: owner.token,
        body: { contentIds },
      });
      expect(result.status, JSON.stringify(contentIds)).toBe(400);
      expect(Object.keys(refusal(result).fields ?? {})).toContain(field);
    }
    const most = await approveMany(owner, Array.from({ length: 25 }, id));
    expect(most.status).toBe(200);
    expect(most.body.results.map((outcome) => outcome.outcome)).toEqual(
      Array.from({ length: 25 }, () => 'refused'),
    );
  });
});
