import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentList, GeneratedContent } from '#shared/contract/content';
import { postTextLength } from '#shared/domain/post-text';
import {
  dayFromToday,
  finishedGeneration,
  newCampaign,
  newContentOwner,
  type ContentOwner,
} from './content-support';
import { seedMediaAsset, useSandboxTable } from './db';
import { apiUrl, call, inbox, jobsSettled, registerUser, runJob, type ApiResult } from './http';

/**
 * Generated content through the API: the AI writes a post for a platform of an active campaign
 * (never past the plan's daily limit, however many calls arrive at once), the owner's verified
 * phone gets one text about it, and the owner reviews it — approve, reject, a direct edit or an
 * AI revision — once: a post already reviewed answers a conflict.
 */

type ErrorAnswer = { code: string; message: string; fields?: Record<string, string> };
const refused = (result: ApiResult<unknown>) => result.body as ErrorAnswer;

const generate = (owner: ContentOwner, campaignId: string, body: Record<string, unknown>) =>
  call<{ generationId: string }>('POST', `/campaigns/${campaignId}/generate`, {
    token: owner.token,
    body,
  });

const listContent = (owner: ContentOwner, campaignId: string, query = '') =>
  call<ContentList>('GET', `/campaigns/${campaignId}/content${query}`, { token: owner.token });

/** Generates one post and answers it as listed. */
const draftPost = async (
  owner: ContentOwner,
  campaignId: string,
  platform = 'twitter',
): Promise<GeneratedContent> => {
  const started = await generate(owner, campaignId, { platform, sendNotification: false });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const generation = await finishedGeneration(owner, started.body.generationId);
  expect(generation).toMatchObject({ status: 'succeeded', kind: 'content', notification: 'off' });
  const listed = await listContent(owner, campaignId, `?platform=${platform}&status=draft`);
  const post = listed.body.data.find((item) => item._id === generation.contentId);
  if (!post) throw new Error('the generated post is not listed');
  return post;
};

/** The sandbox scheduler's schedules (the JSON of /_sandbox). */
const sandboxSchedules = async () => {
  const response = await fetch(`${apiUrl()}/_sandbox/api/schedules`);
  const body = (await response.json()) as {
    schedules: { name: string; description?: string; job: string; at: string; state: string }[];
  };
  return body.schedules;
};

const review = (owner: ContentOwner, campaignId: string, contentId: string, body: object) =>
  call<{ content: GeneratedContent; generationId: string | null }>(
    'POST',
    `/campaigns/${campaignId}/content/${contentId}/approve`,
    { token: owner.token, body },
  );

describe('generating a post', () => {
  let owner: ContentOwner;
  beforeAll(async () => {
    owner = await newContentOwner({ phone: true });
  });

  it('writes a draft for the platform within its limit and texts the verified phone once, numbered', async () => {
    const campaignId = await newCampaign(owner, { platforms: ['twitter', 'linkedin'] });
    const started = await generate(owner, campaignId, { platform: 'twitter' });
    expect(started.status).toBe(202);
    const generation = await finishedGeneration(owner, started.body.generationId);
    expect(generation).toMatchObject({
      status: 'succeeded',
      kind: 'content',
      platform: 'twitter',
      campaignId,
      notification: 'sent',
      error: null,
    });

    const listed = await listContent(owner, campaignId);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    const [post] = listed.body.data;
    expect(post).toMatchObject({
      _id: generation.contentId,
      status: 'draft',
      version: 1,
      metadata: { params: { platform: 'twitter' }, source: 'offline' },
      publishError: null,
    });
    expect(postTextLength('twitter', post!.content).withinLimit).toBe(true);

    const texts = (await inbox(owner.account.user.phoneNumber)).filter((message) =>
      message.text.includes('Spring menu'),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toContain('X (Twitter)');
    expect(texts[0]!.text).toContain('1 YES');
    // The short review link (test/api/review-links.test.ts) opens this post.
    const code = new RegExp(`Review: ${apiUrl()}/r/(\\w{10})\\n`).exec(texts[0]!.text)?.[1];
    expect((await call('GET', `/review-links/${code}`, { token: owner.token })).body).toMatchObject(
      { campaignId, contentId: generation.contentId },
    );

    // A second delivery of the worker's event writes nothing more and texts no one again.
    const again = await runJob<{ outcome: string }>('content-generation', {
      generationId: started.body.generationId,
    });
    expect(again.result?.outcome ?? again.status).not.toBe('succeeded');
    expect((await listContent(owner, campaignId)).body.data).toHaveLength(1);
    expect(
      (await inbox(owner.account.user.phoneNumber)).filter((message) =>
        message.text.includes('Spring menu'),
      ),
    ).toHaveLength(1);
  });

  it('sends no text without a verified phone, and says so', async () => {
    const unverified = await newContentOwner();
    const campaignId = await newCampaign(unverified);
    const started = await generate(unverified, campaignId, { platform: 'twitter' });
    expect(await finishedGeneration(unverified, started.body.generationId)).toMatchObject({
      status: 'succeeded',
      notification: 'no-verified-phone',
    });
  });

  it('is refused for a draft or paused campaign, outside its dates, and for a platform not its own or not connected', async () => {
    const expectRefusal = async (campaignId: string, platform: string, code: string) => {
      const result = await generate(owner, campaignId, { platform });
      expect(result.status, JSON.stringify(result.body)).toBe(409);
      expect(refused(result).code).toBe(code);
    };
    await expectRefusal(
      await newCampaign(owner, { status: 'draft' }),
      'twitter',
      'CAMPAIGN_NOT_ACTIVE',
    );
    await expectRefusal(
      await newCampaign(owner, { status: 'paused' }),
      'twitter',
      'CAMPAIGN_NOT_ACTIVE',
    );
    await expectRefusal(
      await newCampaign(owner, { startDate: dayFromToday(3), endDate: dayFromToday(10) }),
      'twitter',
      'CAMPAIGN_NOT_RUNNING',
    );
    await expectRefusal(
      await newCampaign(owner, { startDate: dayFromToday(-10), endDate: dayFromToday(-3) }),
      'twitter',
      'CAMPAIGN_NOT_RUNNING',
    );
    const xOnly = await newCampaign(owner);
    await expectRefusal(xOnly, 'linkedin', 'PLATFORM_NOT_IN_CAMPAIGN');

    // A campaign naming a platform the company has since disconnected.
    const { campaigns } = await useSandboxTable();
    await campaigns
      .patch({ companyId: owner.companyId, campaignId: xOnly })
      .set({ platforms: ['twitter', 'facebook'] })
      .go();
    await expectRefusal(xOnly, 'facebook', 'PLATFORM_NOT_CONNECTED');
    expect((await listContent(owner, xOnly)).body.data).toEqual([]);
  });

  it('never passes the daily limit: of 20 calls at once on the intro plan, one is accepted', async () => {
    const intro = await newContentOwner({ tier: 'intro' });
    const campaignId = await newCampaign(intro);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => generate(intro, campaignId, { platform: 'twitter' })),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    const limited = results.find((result) => result.status === 429)!;
    expect(refused(limited).code).toBe('GENERATION_LIMIT_REACHED');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const accepted = results.find((result) => result.status === 202)!;
    await finishedGeneration(intro, accepted.body.generationId);
    expect((await listContent(intro, campaignId)).body.data).toHaveLength(1);
  });

  it('keeps posts to their owner: another account’s campaign or generation is not found', async () => {
    const campaignId = await newCampaign(owner);
    const started = await generate(owner, campaignId, { platform: 'twitter' });
    const stranger = await registerUser();
    const asStranger = { ...owner, token: stranger.token };
    expect((await listContent(asStranger, campaignId)).status).toBe(404);
    expect(
      (await call('GET', `/ai/generations/${started.body.generationId}`, { token: stranger.token }))
        .status,
    ).toBe(404);
    expect((await generate(asStranger, campaignId, { platform: 'twitter' })).status).toBe(404);
    await finishedGeneration(owner, started.body.generationId);
  });
});

describe('listing posts', () => {
  it('filters by platform and status, newest first, a page at a time', async () => {
    const owner = await newContentOwner();
    const campaignId = await newCampaign(owner, { platforms: ['twitter', 'linkedin'] });
    const first = await draftPost(owner, campaignId, 'twitter');
    const second = await draftPost(owner, campaignId, 'linkedin');
    const third = await draftPost(owner, campaignId, 'twitter');
    await review(owner, campaignId, third._id, { status: 'approved' });

    const ids = async (query: string) =>
      (await listContent(owner, campaignId, query)).body.data.map((post) => post._id);
    expect(await ids('')).toEqual([third._id, second._id, first._id]);
    expect(await ids('?status=draft')).toEqual([second._id, first._id]);
    expect(await ids('?platform=twitter')).toEqual([third._id, first._id]);
    expect(await ids('?platform=twitter&status=draft')).toEqual([first._id]);
    expect(await ids('?status=published')).toEqual([]);

    const page = await listContent(owner, campaignId, '?limit=2');
    expect(page.body.data.map((post) => post._id)).toEqual([third._id, second._id]);
    const next = await listContent(
      owner,
      campaignId,
      `?limit=2&cursor=${encodeURIComponent(page.body.nextCursor!)}`,
    );
    expect(next.body).toMatchObject({ data: [{ _id: first._id }], nextCursor: null });
    expect((await listContent(owner, campaignId, '?status=hidden')).status).toBe(400);
  });
});

describe('reviewing a post', () => {
  let owner: ContentOwner;
  let campaignId: string;
  beforeAll(async () => {
    // Platinum: its 10 generations a day cover the posts these tests review.
    owner = await newContentOwner({ tier: 'platinum' });
    campaignId = await newCampaign(owner, { platforms: ['twitter', 'linkedin'] });
  });

  it('approves once, into the campaign’s next free slot: a second review of the same post is a conflict', async () => {
    const post = await draftPost(owner, campaignId);
    const approved = await review(owner, campaignId, post._id, {
      status: 'approved',
      feedback: 'Lovely',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.generationId).toBeNull();
    expect(approved.body.content).toMatchObject({ status: 'scheduled', version: 1 });
    const slot = new Date(approved.body.content.scheduledFor!);
    // Weekdays at 9:00 in the company's zone (Chicago), after now.
    expect(slot.getTime()).toBeGreaterThan(Date.now());
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      }).format(slot),
    ).toMatch(/^(Mon|Tue|Wed|Thu|Fri),? 09:00$/);
    const schedules = await sandboxSchedules();
    expect(schedules).toContainEqual(
      expect.objectContaining({
        name: `publish-${post._id}-1`,
        job: 'publisher',
        at: approved.body.content.scheduledFor,
      }),
    );
    // Labelled by what it does, at the owner's time: the sandbox's page shows the label.
    const firstWords = post.content.split(/\s+/).slice(0, 2).join(' ');
    expect(schedules.find((schedule) => schedule.name === `publish-${post._id}-1`)).toMatchObject({
      description: expect.stringMatching(
        new RegExp(
          `^Publish X post '${firstWords.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*' of Spring menu, (Mon|Tue|Wed|Thu|Fri) 9:00 AM$`,
        ),
      ),
    });
    expect(approved.body.content.modificationHistory).toEqual([
      expect.objectContaining({
        status: 'approved',
        comment: 'Lovely',
        modifyAspects: [],
        via: 'app',
      }),
    ]);

    const twice = await Promise.all([
      review(owner, campaignId, post._id, { status: 'rejected' }),
      review(owner, campaignId, post._id, { status: 'approved' }),
    ]);
    for (const result of twice) {
      expect(result.status).toBe(409);
      expect(refused(result).code).toBe('CONTENT_NOT_REVIEWABLE');
    }
  });

  it('gives posts approved at once different slots, one post per platform per slot', async () => {
    const [first, second, linkedIn] = [
      await draftPost(owner, campaignId),
      await draftPost(owner, campaignId),
      await draftPost(owner, campaignId, 'linkedin'),
    ];
    const results = await Promise.all(
      [first!, second!, linkedIn!].map((post) =>
        review(owner, campaignId, post._id, { status: 'approved' }),
      ),
    );
    const [a, b, c] = results.map((result) => result.body.content.scheduledFor);
    expect(a && b && c).toBeTruthy();
    expect(a).not.toBe(b);
    // LinkedIn's slots are its own: its post takes the earliest slot, X's claims notwithstanding.
    expect(c! <= a! && c! <= b!).toBe(true);
  });

  it('rejects, and two tabs reviewing at once: one wins, the other is told', async () => {
    const post = await draftPost(owner, campaignId);
    const results = await Promise.all([
      review(owner, campaignId, post._id, { status: 'rejected', feedback: 'Not our tone' }),
      review(owner, campaignId, post._id, { status: 'approved' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
  });

  it('takes a direct edit at once as the next version, held to the platform’s limit', async () => {
    const post = await draftPost(owner, campaignId);
    const tooLong = await review(owner, campaignId, post._id, {
      status: 'modify',
      directEdit: 'a'.repeat(281),
    });
    expect(tooLong.status).toBe(400);
    expect(refused(tooLong).fields?.directEdit).toMatch(/281/);

    const edited = await review(owner, campaignId, post._id, {
      status: 'modify',
      directEdit: '  Fresh roast, 7am. Come say hi. #coffee  ',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.content).toMatchObject({
      status: 'draft',
      version: 2,
      content: 'Fresh roast, 7am. Come say hi. #coffee',
    });
    expect(edited.body.content.modificationHistory.at(-1)).toMatchObject({
      status: 'modify',
      comment: 'Edited directly',
    });
  });

  it('sends the post back to the AI with feedback: the revision is the next version, a draft again', async () => {
    const post = await draftPost(owner, campaignId, 'linkedin');
    const sent = await review(owner, campaignId, post._id, {
      status: 'modify',
      feedback: 'Shorter, and mention the oat latte',
      modifyAspects: ['length', 'messaging', 'length'],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.content.status).toBe('modify');
    expect(sent.body.generationId).toEqual(expect.any(String));
    // Whoever reads the post next (another tab) can follow the same revision.
    expect(sent.body.content.revisionId).toBe(sent.body.generationId);

    const revision = await finishedGeneration(owner, sent.body.generationId!);
    expect(revision).toMatchObject({ status: 'succeeded', kind: 'revision', contentId: post._id });
    const listed = await listContent(owner, campaignId, '?platform=linkedin');
    const revised = listed.body.data.find((item) => item._id === post._id)!;
    expect(revised).toMatchObject({ status: 'draft', version: 2 });
    expect(revised.content).not.toBe(post.content);
    expect(revised.modificationHistory).toEqual([
      expect.objectContaining({
        status: 'modify',
        comment: 'Shorter, and mention the oat latte',
        modifyAspects: ['length', 'messaging'],
      }),
      expect.objectContaining({ status: 'draft', comment: 'Revised by the AI' }),
    ]);
  });

  it('refuses a modify with neither feedback nor an edit, or with both', async () => {
    const post = await draftPost(owner, campaignId);
    const neither = await review(owner, campaignId, post._id, { status: 'modify', feedback: '  ' });
    expect(neither.status).toBe(400);
    expect(refused(neither).fields?.feedback).toBeTruthy();
    const both = await review(owner, campaignId, post._id, {
      status: 'modify',
      feedback: 'Shorter',
      directEdit: 'Short.',
    });
    expect(both.status).toBe(400);
  });

  it('takes only images of the campaign meant for the platform, within its limit', async () => {
    const post = await draftPost(owner, campaignId);
    const { mediaAssets } = await useSandboxTable();
    const forX = async (id: string, platforms: ('twitter' | 'linkedin')[]) =>
      mediaAssets
        .patch({ companyId: owner.companyId, campaignId, mediaId: id })
        .set({ platforms })
        .go();
    const first = await seedMediaAsset(owner.companyId, campaignId);
    const second = await seedMediaAsset(owner.companyId, campaignId);
    const linkedInOnly = await seedMediaAsset(owner.companyId, campaignId);
    await forX(first, ['twitter']);
    await forX(second, ['twitter']);
    await forX(linkedInOnly, ['linkedin']);
    const otherCampaign = await newCampaign(owner);
    const elsewhere = await seedMediaAsset(owner.companyId, otherCampaign);
    await mediaAssets
      .patch({ companyId: owner.companyId, campaignId: otherCampaign, mediaId: elsewhere })
      .set({ platforms: ['twitter'] })
      .go();

    for (const imageIds of [[first, second], [linkedInOnly], [elsewhere]]) {
      const result = await review(owner, campaignId, post._id, { status: 'approved', imageIds });
      expect(result.status, JSON.stringify(imageIds)).toBe(400);
      expect(refused(result).code).toBe('CONTENT_IMAGES_NOT_ALLOWED');
    }
    const approved = await review(owner, campaignId, post._id, {
      status: 'approved',
      imageIds: [first],
    });
    expect(approved.status).toBe(200);
    expect(approved.body.content.imageIds).toEqual([first]);
  });

  it('answers 404 for a post of another campaign or another owner', async () => {
    const post = await draftPost(owner, campaignId);
    const otherCampaign = await newCampaign(owner);
    expect((await review(owner, otherCampaign, post._id, { status: 'approved' })).status).toBe(404);
    const stranger = await newContentOwner({ tier: 'intro' });
    const theirs = await newCampaign(stranger);
    expect((await review(stranger, theirs, post._id, { status: 'approved' })).status).toBe(404);
    expect(
      (
        await review({ ...owner, token: stranger.token }, campaignId, post._id, {
          status: 'approved',
        })
      ).status,
    ).toBe(404);
  });
});

describe('slots follow the campaign', () => {
  it('pausing unschedules its posts, resuming gives them slots again, deleting it removes their schedules', async () => {
    const owner = await newContentOwner();
    const campaignId = await newCampaign(owner);
    const post = await draftPost(owner, campaignId);
    const approved = await review(owner, campaignId, post._id, { status: 'approved' });
    const slot = approved.body.content.scheduledFor!;
    const scheduleName = `publish-${post._id}-1`;
    const pending = async () =>
      (await sandboxSchedules()).filter(
        (schedule) => schedule.name === scheduleName && schedule.state === 'pending',
      );
    expect(await pending()).toHaveLength(1);

    const setStatus = (status: string) =>
      call('PATCH', `/campaigns/${campaignId}/status`, { token: owner.token, body: { status } });
    expect((await setStatus('paused')).status).toBe(200);
    const paused = (await listContent(owner, campaignId, '?status=approved')).body.data;
    expect(paused).toEqual([expect.objectContaining({ _id: post._id, scheduledFor: null })]);
    expect(await pending()).toEqual([]);

    expect((await setStatus('active')).status).toBe(200);
    const resumed = (await listContent(owner, campaignId, '?status=scheduled')).body.data;
    expect(resumed).toEqual([expect.objectContaining({ _id: post._id, scheduledFor: slot })]);
    expect(await pending()).toHaveLength(1);

    expect((await call('DELETE', `/campaigns/${campaignId}`, { token: owner.token })).status).toBe(
      200,
    );
    await jobsSettled();
    expect(await pending()).toEqual([]);
  });
});

describe('moving a scheduled post', () => {
  it('moves it to another free slot, refuses a taken or made-up one, and publishes it now', async () => {
    const owner = await newContentOwner();
    const campaignId = await newCampaign(owner);
    const [first, second] = [
      await draftPost(owner, campaignId),
      await draftPost(owner, campaignId),
    ];
    const a = (await review(owner, campaignId, first._id, { status: 'approved' })).body.content;
    const b = (await review(owner, campaignId, second._id, { status: 'approved' })).body.content;

    const slots = await call<{ slots: string[]; timeZone: string }>(
      'GET',
      `/campaigns/${campaignId}/content/${first._id}/slots`,
      { token: owner.token },
    );
    expect(slots.status).toBe(200);
    expect(slots.body.timeZone).toBe('America/Chicago');
    // The post's own slot and the other post's are not free.
    expect(slots.body.slots).not.toContain(a.scheduledFor);
    expect(slots.body.slots).not.toContain(b.scheduledFor);
    expect(slots.body.slots.length).toBeGreaterThan(3);

    const move = (contentId: string, body: object) =>
      call<GeneratedContent>('POST', `/campaigns/${campaignId}/content/${contentId}/schedule`, {
        token: owner.token,
        body,
      });
    const taken = await move(first._id, { scheduledFor: b.scheduledFor });
    expect(taken.status).toBe(409);
    expect(refused(taken).code).toBe('SLOT_NOT_FREE');
    const madeUp = await move(first._id, { scheduledFor: '2026-12-01T03:17:00.000Z' });
    expect(refused(madeUp).code).toBe('SLOT_NOT_FREE');

    const target = slots.body.slots[2]!;
    const moved = await move(first._id, { scheduledFor: target });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'scheduled', scheduledFor: target });
    const pending = (await sandboxSchedules()).filter((schedule) => schedule.state === 'pending');
    expect(pending.map((schedule) => schedule.name)).toContain(`publish-${first._id}-2`);
    expect(pending.map((schedule) => schedule.name)).not.toContain(`publish-${first._id}-1`);
    // Its old slot is free again.
    const freed = await call<{ slots: string[] }>(
      'GET',
      `/campaigns/${campaignId}/content/${second._id}/slots`,
      { token: owner.token },
    );
    expect(freed.body.slots).toContain(a.scheduledFor);

    expect((await move(second._id, { now: true })).status).toBe(200);
    await jobsSettled();
    const published = (await listContent(owner, campaignId, '?status=published')).body.data;
    expect(published).toEqual([
      expect.objectContaining({ _id: second._id, postUrl: expect.any(String) }),
    ]);
    // A post that is not scheduled any more cannot be moved.
    expect(refused(await move(second._id, { now: true })).code).toBe('CONTENT_NOT_SCHEDULED');
  });
});

describe('undoing a review', () => {
  let owner: ContentOwner;
  let campaignId: string;
  beforeAll(async () => {
    owner = await newContentOwner({ tier: 'platinum' });
    campaignId = await newCampaign(owner);
  });

  const undo = (contentId: string, as: ContentOwner = owner, campaign = campaignId) =>
    call<GeneratedContent>('POST', `/campaigns/${campaign}/content/${contentId}/undo`, {
      token: as.token,
    });
  const pendingSchedules = async () =>
    (await sandboxSchedules())
      .filter((schedule) => schedule.state === 'pending')
      .map((schedule) => schedule.name);

  /** A post of the campaign as a move of the publisher or the owner's RETRY or SKIP leaves it. */
  const seeded = async (fields: Record<string, unknown>): Promise<string> => {
    const { content } = await useSandboxTable();
    const { newTimeOrderedId } = await import('#functions/core/ids');
    const contentId = newTimeOrderedId();
    await content
      .create({
        companyId: owner.companyId,
        campaignId,
        contentId,
        platform: 'twitter',
        content: 'Fresh roast at dawn',
        generation: { source: 'offline' },
        ...fields,
      } as never)
      .go();
    return contentId;
  };

  it('takes an approval back: a draft again, its slot freed and its schedule gone; approved again, it takes the slot under a fresh attempt', async () => {
    const post = await draftPost(owner, campaignId);
    const approved = (await review(owner, campaignId, post._id, { status: 'approved' })).body
      .content;
    expect(approved.status).toBe('scheduled');
    expect(await pendingSchedules()).toContain(`publish-${post._id}-1`);

    const undone = await undo(post._id);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ _id: post._id, status: 'draft', scheduledFor: null });
    expect(undone.body.modificationHistory.at(-1)).toMatchObject({
      status: 'draft',
      comment: 'Approval undone',
    });
    expect(await pendingSchedules()).not.toContain(`publish-${post._id}-1`);
    // Listed among the drafts again, to review.
    const drafts = (await listContent(owner, campaignId, '?status=draft')).body.data;
    expect(drafts.map((item) => item._id)).toContain(post._id);

    // Undone again (a second click, a retried request): nothing more to take back.
    const again = await undo(post._id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'draft', version: post.version });
    expect(again.body.modificationHistory).toHaveLength(undone.body.modificationHistory.length);

    // Its slot was freed: approved again, it takes the same one, under attempts never used.
    const reapproved = await review(owner, campaignId, post._id, { status: 'approved' });
    expect(reapproved.body.content).toMatchObject({
      status: 'scheduled',
      scheduledFor: approved.scheduledFor,
    });
    const pending = await pendingSchedules();
    expect(pending).toContain(`publish-${post._id}-4`);
    expect(pending).not.toContain(`publish-${post._id}-1`);
  });

  it('takes back an approval that found no slot, and a rejection', async () => {
    const approvedOnly = await seeded({
      status: 'approved',
      modificationHistory: [{ date: new Date().toISOString(), status: 'approved' }],
    });
    const undone = await undo(approvedOnly);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('draft');

    const post = await draftPost(owner, campaignId);
    const rejected = await review(owner, campaignId, post._id, {
      status: 'rejected',
      feedback: 'Not our tone',
    });
    expect(rejected.body.content.status).toBe('rejected');
    const back = await undo(post._id);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'draft', scheduledFor: null });
    expect(back.body.modificationHistory.map((entry) => [entry.status, entry.comment])).toEqual([
      ['rejected', 'Not our tone'],
      ['draft', 'Rejection undone'],
    ]);
    // A draft again: reviewed as any draft.
    expect((await review(owner, campaignId, post._id, { status: 'approved' })).status).toBe(200);
  });

  it('refuses, in words, a post being published, published, failed or sent to the AI, and a RETRY or SKIP', async () => {
    const expectRefusal = async (contentId: string, words: RegExp) => {
      const result = await undo(contentId);
      expect(result.status, JSON.stringify(result.body)).toBe(409);
      expect(refused(result)).toMatchObject({ code: 'CONTENT_NOT_UNDOABLE' });
      expect(refused(result).message).toMatch(words);
    };
    const history = (status: string, comment?: string) => [
      { date: new Date().toISOString(), status, ...(comment ? { comment } : {}) },
    ];
    await expectRefusal(
      await seeded({
        status: 'publishing',
        scheduledFor: new Date().toISOString(),
        publishAttempt: 1,
        publishingSince: new Date().toISOString(),
        modificationHistory: history('approved'),
      }),
      /being published/,
    );
    await expectRefusal(
      await seeded({
        status: 'published',
        publishedAt: new Date().toISOString(),
        modificationHistory: history('approved'),
      }),
      /already published/,
    );
    await expectRefusal(
      await seeded({
        status: 'failed',
        publishError: 'Refused',
        modificationHistory: history('approved'),
      }),
      /failed/,
    );
    await expectRefusal(
      await seeded({
        status: 'approved',
        publishAttempt: 4,
        modificationHistory: history('approved', 'Publishing retried'),
      }),
      /retried/,
    );
    await expectRefusal(
      await seeded({
        status: 'rejected',
        publishAttempt: 3,
        modificationHistory: history('rejected', 'Publishing skipped'),
      }),
      /skipped/,
    );

    // Seeded rather than sent: the offline AI can finish a revision before the undo arrives.
    await expectRefusal(
      await seeded({ status: 'modify', modificationHistory: history('modify', 'Shorter') }),
      /AI/,
    );
  });

  it('refuses a post that went out meanwhile: published now, it cannot be undone', async () => {
    const post = await draftPost(owner, campaignId);
    await review(owner, campaignId, post._id, { status: 'approved' });
    const now = await call('POST', `/campaigns/${campaignId}/content/${post._id}/schedule`, {
      token: owner.token,
      body: { now: true },
    });
    expect(now.status).toBe(200);
    await jobsSettled();
    const result = await undo(post._id);
    expect(result.status).toBe(409);
    expect(refused(result).code).toBe('CONTENT_NOT_UNDOABLE');
  });

  it('answers 404 for another owner’s post, or a post of another campaign', async () => {
    const post = await draftPost(owner, campaignId);
    await review(owner, campaignId, post._id, { status: 'rejected' });
    const stranger = await newContentOwner({ tier: 'intro' });
    expect((await undo(post._id, stranger)).status).toBe(404);
    expect((await undo(post._id, owner, await newCampaign(owner))).status).toBe(404);
    expect((await listContent(owner, campaignId, '?status=rejected')).body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: post._id })]),
    );
  });
});

describe('reading one post', () => {
  it('answers the post as it is now, whatever its status; another campaign’s or owner’s is not found', async () => {
    const owner = await newContentOwner();
    const campaignId = await newCampaign(owner);
    const post = await draftPost(owner, campaignId);
    const read = (as: ContentOwner, campaign: string) =>
      call<GeneratedContent>('GET', `/campaigns/${campaign}/content/${post._id}`, {
        token: as.token,
      });
    const first = await read(owner, campaignId);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(post);

    const approved = (await review(owner, campaignId, post._id, { status: 'approved' })).body
      .content;
    const after = await read(owner, campaignId);
    expect(after.body).toMatchObject({ status: 'scheduled', scheduledFor: approved.scheduledFor });

    expect((await read(owner, await newCampaign(owner))).status).toBe(404);
    const stranger = await newContentOwner({ tier: 'intro' });
    expect((await read(stranger, campaignId)).status).toBe(404);
  });
});

describe('posts being written', () => {
  it('lists the campaign’s new posts the AI is writing now, with their progress; not revisions, lost, finished or other campaigns’ ones', async () => {
    const owner = await newContentOwner();
    const campaignId = await newCampaign(owner, { platforms: ['twitter', 'linkedin'] });
    const otherCampaign = await newCampaign(owner);
    const { contentGenerations } = await useSandboxTable();
    const { newTimeOrderedId } = await import('#functions/core/ids');
    const seedGeneration = async (fields: Record<string, unknown>, ageMs = 0) => {
      const at = Date.now() - ageMs;
      const generationId = newTimeOrderedId(at);
      await contentGenerations
        .create({
          generationId,
          kind: 'content',
          companyId: owner.companyId,
          campaignId,
          platform: 'linkedin',
          contentId: generationId,
          sendNotification: false,
          quotaDay: dayFromToday(0),
          status: 'running',
          stage: 'drafting',
          progress: 40,
          createdAt: new Date(at).toISOString(),
          startedAt: new Date(at).toISOString(),
          expiresAt: Math.floor(at / 1000) + 86_400,
          ...fields,
        } as never)
        .go();
      return generationId;
    };
    const writing = await seedGeneration({});
    const queued = await seedGeneration(
      {
        platform: 'twitter',
        status: 'pending',
        stage: 'queued',
        progress: 0,
        startedAt: undefined,
      },
      1000,
    );
    await seedGeneration({ kind: 'revision', contentId: 'a-post' });
    await seedGeneration({}, 6 * 60_000);
    await seedGeneration({ status: 'succeeded', stage: 'done', progress: 100 });
    await seedGeneration({ campaignId: otherCampaign });

    const listed = await listContent(owner, campaignId, '?status=draft');
    expect(listed.status).toBe(200);
    expect(listed.body.generating).toEqual([
      expect.objectContaining({
        _id: writing,
        platform: 'linkedin',
        stage: 'drafting',
        progress: 40,
      }),
      expect.objectContaining({ _id: queued, platform: 'twitter', stage: 'queued', progress: 0 }),
    ]);
    // Whatever the filters: what is being written is the campaign's, not a page's.
    expect(
      (await listContent(owner, campaignId, '?platform=twitter&status=published')).body.generating,
    ).toHaveLength(2);
    expect((await listContent(owner, otherCampaign)).body.generating).toHaveLength(1);
  });
});
