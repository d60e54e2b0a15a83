import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLISH_ERRORS, publishRetryDelayMs } from '#shared/domain/content';
import { forgetJobRun, setPlan, useSandboxTable } from './db';
import { verifyPhone } from './accounts-support';
import { inbox, jobsSettled, runJob } from './http';
import {
  minutesAgo,
  newCampaign,
  newOwner,
  postOf,
  postsAtX,
  publish,
  sandboxApi,
  seedPost,
  watch,
  type PublishingOwner,
  type Seeded,
} from './publishing-support';

/**
 * The publisher's reliability promises, through the sandbox: the job run by name, the sandbox
 * scheduler, and the stand-in of X with its failure switches. Posts are seeded `scheduled` for
 * attempt 1, as slotting leaves them; what reached "X" is read from the stand-in.
 */

const MEDIA_BUCKET = 'sailpost-media';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const nextFailure = async (kind: '429' | '500' | 'timeout') => {
  const response = await sandboxApi('/providers/twitter/next-failure', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind }),
  });
  expect(response.status).toBeLessThan(300);
};

interface ScheduleView {
  name: string;
  job: string;
  at: string;
  timeZone: string;
  payload: Record<string, unknown>;
  state: string;
}
const schedules = async (): Promise<ScheduleView[]> =>
  ((await (await sandboxApi('/schedules')).json()) as { schedules: ScheduleView[] }).schedules;

/** Runs an event again as a redelivery after its claim's retention would (not `duplicate`). */
const publishAgain = async (seeded: Seeded, attempt = seeded.event.attempt) => {
  await forgetJobRun('publisher', `${seeded.event.contentId}:${attempt}`);
  return publish(seeded, attempt);
};

describe('the publisher', () => {
  let owner: PublishingOwner;
  let campaignId: string;
  let s3: S3Client;

  beforeAll(async () => {
    owner = await newOwner();
    campaignId = await newCampaign(owner);
    s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  });
  afterAll(() => s3?.destroy());

  /** An image of the campaign, its file in the media bucket. */
  const campaignImage = async (): Promise<string> => {
    const { mediaAssets } = await useSandboxTable();
    const mediaId = randomUUID();
    const key = `companies/${owner.companyId}/campaigns/${campaignId}/${mediaId}.png`;
    await s3.send(
      new PutObjectCommand({ Bucket: MEDIA_BUCKET, Key: key, Body: PNG, ContentType: 'image/png' }),
    );
    await mediaAssets
      .create({
        companyId: owner.companyId,
        campaignId,
        mediaId,
        key,
        type: 'image',
        contentType: 'image/png',
        size: PNG.length,
        fileName: 'latte.png',
        platforms: ['twitter'],
      })
      .go();
    return mediaId;
  };

  it('publishes once with its image when invoked three times at once, and not again later', async () => {
    const seeded = await seedPost(owner, campaignId, { imageIds: [await campaignImage()] });
    const outcomes = await Promise.all([publish(seeded), publish(seeded), publish(seeded)]);
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'published']);

    const [sent, ...more] = await postsAtX(seeded.text);
    expect(more).toEqual([]);
    expect(sent!.media).toHaveLength(1);
    const post = await postOf(seeded);
    expect(post).toMatchObject({
      status: 'published',
      postUrl: sent!.url,
      providerPostId: sent!.postId,
    });
    expect(post.publishedAt).toBeTruthy();
    expect(post.publishingSince).toBeUndefined();

    // A redelivery long after (its idempotency claim forgotten) finds it published.
    expect(await publishAgain(seeded)).toBe('not-due');
    expect(await postsAtX(seeded.text)).toHaveLength(1);
  });

  it('fails a post whose provider never answered as unknown, and never sends it again', async () => {
    const seeded = await seedPost(owner, campaignId);
    await nextFailure('timeout');
    expect(await publish(seeded)).toBe('failed');
    expect(await postOf(seeded)).toMatchObject({
      status: 'failed',
      publishError: PUBLISH_ERRORS.unknownOutcome,
    });
    expect(await publishAgain(seeded)).toBe('not-due');
    expect(await postsAtX(seeded.text)).toEqual([]);
  });

  it('reschedules a rate-limited post after the reset time, and its second attempt publishes once', async () => {
    const seeded = await seedPost(owner, campaignId);
    const before = Date.now();
    await nextFailure('429');
    expect(await publish(seeded)).toBe('retry-scheduled');

    const post = await postOf(seeded);
    expect(post).toMatchObject({ status: 'scheduled', publishAttempt: 2 });
    // The stand-in's reset is 15 minutes away: later than the back-off of one minute.
    const at = Date.parse(post.scheduledFor!);
    expect(at).toBeGreaterThanOrEqual(before + 14 * 60_000);
    expect(at).toBeGreaterThan(before + publishRetryDelayMs(1));
    const schedule = (await schedules()).find(
      (each) => each.name === `publish-${seeded.event.contentId}-2`,
    );
    expect(schedule).toMatchObject({
      job: 'publisher',
      state: 'pending',
      at: post.scheduledFor,
      timeZone: 'America/New_York',
      payload: { ...seeded.event, attempt: 2 },
    });

    // Attempt 1 again (a late redelivery) does nothing; attempt 2 publishes, once.
    expect(await publishAgain(seeded, 1)).toBe('not-due');
    expect(await publish(seeded, 2)).toBe('published');
    expect(await publishAgain(seeded, 2)).toBe('not-due');
    expect(await postsAtX(seeded.text)).toHaveLength(1);
    expect((await postOf(seeded)).status).toBe('published');
  });

  it('fails a post after three attempts that each met a 5xx, and texts the owner once with RETRY and SKIP', async () => {
    await verifyPhone(owner.account);
    const seeded = await seedPost(owner, campaignId);
    for (const attempt of [1, 2]) {
      await nextFailure('500');
      expect(await publish(seeded, attempt)).toBe('retry-scheduled');
      expect(await postOf(seeded)).toMatchObject({
        status: 'scheduled',
        publishAttempt: attempt + 1,
      });
    }
    await nextFailure('500');
    expect(await publish(seeded, 3)).toBe('failed');
    expect(await postOf(seeded)).toMatchObject({
      status: 'failed',
      publishAttempt: 3,
      publishError: PUBLISH_ERRORS.unavailable,
    });
    expect(await postsAtX(seeded.text)).toEqual([]);
    const told = (await inbox(owner.account.user.phoneNumber)).filter((message) =>
      message.text.includes(seeded.text.slice(0, 20)),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('was not published');
    expect(told[0]!.text).toContain(PUBLISH_ERRORS.unavailable);
    expect(told[0]!.text).toContain('Reply RETRY 1 to try again, or SKIP 1 to drop it.');
  });

  it('fails a post whose claim outlived the time-out as unknown, and leaves a fresh claim alone', async () => {
    const stale = await seedPost(owner, campaignId, {
      status: 'publishing',
      publishingSince: new Date(Date.now() - 3 * 60_000).toISOString(),
    });
    expect(await publish(stale)).toBe('unknown-outcome');
    expect(await postOf(stale)).toMatchObject({
      status: 'failed',
      publishError: PUBLISH_ERRORS.unknownOutcome,
    });
    expect((await postOf(stale)).publishingSince).toBeUndefined();

    const held = await seedPost(owner, campaignId, {
      status: 'publishing',
      publishingSince: new Date(Date.now() - 10_000).toISOString(),
    });
    expect(await publish(held)).toBe('held-elsewhere');
    expect((await postOf(held)).status).toBe('publishing');
    expect(await postsAtX(stale.text)).toEqual([]);
    expect(await postsAtX(held.text)).toEqual([]);
  });

  it('fails the post of a company whose trial has ended without calling the provider', async () => {
    const lapsed = await newOwner();
    const lapsedCampaign = await newCampaign(lapsed);
    await setPlan(lapsed.companyId, {
      trialEndDate: new Date(Date.now() - 86_400_000).toISOString(),
      subscription: null,
    });
    const seeded = await seedPost(lapsed, lapsedCampaign);
    // Armed for the next call to X: still armed after the run if the publisher never called X.
    await nextFailure('500');
    expect(await publish(seeded)).toBe('failed');
    expect(await postOf(seeded)).toMatchObject({
      status: 'failed',
      publishError: PUBLISH_ERRORS.planLapsed,
    });
    const other = await seedPost(owner, campaignId);
    expect(await publish(other)).toBe('retry-scheduled');
    expect(await postsAtX(seeded.text)).toEqual([]);
  });
});

describe('the sweeper, for posts on their way out', () => {
  let owner: PublishingOwner;
  let campaignId: string;
  beforeAll(async () => {
    owner = await newOwner();
    campaignId = await newCampaign(owner);
  });

  const sweep = async () =>
    (await runJob<{ publishing: Record<string, number> }>('sweeper', {})).result!.publishing;

  it('publishes a post whose schedule was lost once it is overdue, and only once', async () => {
    const seeded = await seedPost(owner, campaignId, { scheduledFor: minutesAgo(20) });
    await watch(seeded, 'publish', minutesAgo(5));
    expect((await sweep()).fired).toBeGreaterThanOrEqual(1);
    await jobsSettled();
    expect(await postOf(seeded)).toMatchObject({ status: 'published' });
    expect(await postsAtX(seeded.text)).toHaveLength(1);
    // Looked at again later: by then it is published, and its watch goes.
    await watch(seeded, 'publish', minutesAgo(1));
    await sweep();
    await jobsSettled();
    expect(await postsAtX(seeded.text)).toHaveLength(1);
    const { publishWatches } = await useSandboxTable();
    expect((await publishWatches.get({ contentId: seeded.event.contentId }).go()).data).toBeNull();
  });

  it('leaves a scheduled post that is not overdue yet, looking again when it would be', async () => {
    const seeded = await seedPost(owner, campaignId, {
      scheduledFor: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    await watch(seeded, 'publish', minutesAgo(1));
    await sweep();
    expect(await postOf(seeded)).toMatchObject({ status: 'scheduled' });
    const { publishWatches } = await useSandboxTable();
    const { data } = await publishWatches.get({ contentId: seeded.event.contentId }).go();
    expect(Date.parse(data!.dueAt)).toBeGreaterThan(Date.now() + 60 * 60_000);
  });

  it('slots an approved post that missed its slot', async () => {
    const seeded = await seedPost(owner, campaignId, {
      status: 'approved',
      scheduledFor: undefined,
      publishAttempt: undefined,
    });
    await watch(seeded, 'slot', minutesAgo(1));
    expect((await sweep()).slotted).toBeGreaterThanOrEqual(1);
    const post = await postOf(seeded);
    expect(post).toMatchObject({ status: 'scheduled', publishAttempt: 1 });
    expect(
      (await schedules()).find(
        (schedule) => schedule.name === `publish-${seeded.event.contentId}-1`,
      ),
    ).toMatchObject({ at: post!.scheduledFor, state: 'pending' });
  });

  it('fails a post held past the publisher’s time-out as unknown, and never sends it', async () => {
    const seeded = await seedPost(owner, campaignId, {
      status: 'publishing',
      publishingSince: minutesAgo(10),
    });
    await watch(seeded, 'publish', minutesAgo(1));
    expect((await sweep()).failedUnknown).toBeGreaterThanOrEqual(1);
    expect(await postOf(seeded)).toMatchObject({
      status: 'failed',
      publishError: PUBLISH_ERRORS.unknownOutcome,
    });
    expect(await postsAtX(seeded.text)).toEqual([]);
  });
});
