import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createJimp } from '@jimp/core';
import gifCodec from '@jimp/js-gif';
import pngCodec from '@jimp/js-png';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MediaUpload, PageChoice, PlatformCredential } from '#shared/contract/platforms';
import { PUBLISH_ERRORS } from '#shared/domain/content';
import { readImageHeader } from '#functions/core/media/image-header';
import { setPaidTier, setPlan, useSandboxTable } from './db';
import { call, registerUser, uploadTo } from './http';
import {
  allowAtProvider,
  beginConsent,
  followCallback,
  jpegOfSize,
  landing,
  requestConsent,
  type Owner,
} from './platforms-support';
import { newCampaign } from './content-support';
import { postOf, publish, sandboxApi, seedPost } from './publishing-support';

/**
 * Facebook Pages and Instagram through the sandbox's stand-in for Meta's Graph API: connecting
 * and choosing a Page, Post now to both, the publisher's container flow, Meta's failures in the
 * owner's words, and the tiers that sell them.
 */

const MEDIA_BUCKET = 'sailpost-media';

const Jimp = createJimp({ formats: [pngCodec, gifCodec] });

/** A JPEG's header with its size, checked as our checks read it. */
const jpeg = (width: number, height: number): Buffer => {
  const bytes = jpegOfSize(width, height);
  expect(readImageHeader(bytes)).toMatchObject({ contentType: 'image/jpeg', width, height });
  return bytes;
};

/** The start of an MP4 (its `ftyp` box), as our checks and Meta's read it. */
const MP4 = Buffer.concat([
  Buffer.from([0x00, 0x00, 0x00, 0x18]),
  Buffer.from('ftypmp42\0\0\0\0mp42isom', 'latin1'),
  Buffer.alloc(64),
]);

interface MetaPost {
  platform: string;
  accountId: string;
  handle: string;
  text: string;
  postId: string;
  url: string;
  media: { url: string; contentType: string; altText?: string }[];
}

const postsAt = async (platform: 'facebook' | 'instagram'): Promise<MetaPost[]> =>
  ((await (await sandboxApi(`/posts?platform=${platform}`)).json()) as { posts: MetaPost[] }).posts;

const nextFailure = async (platform: 'facebook' | 'instagram', kind: string) => {
  const response = await sandboxApi(`/providers/${platform}/next-failure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind }),
  });
  expect(response.status).toBe(200);
};

const clearFailure = (platform: 'facebook' | 'instagram') =>
  sandboxApi(`/providers/${platform}/next-failure`, { method: 'DELETE' });

/** A company (not a founder's) on a paid tier. */
const newCompany = async (tier: 'silver' | 'gold' | 'platinum' | 'intro'): Promise<Owner> => {
  const account = await registerUser();
  const company = await call<{ _id: string }>('POST', '/companies', {
    token: account.token,
    body: { name: 'Harbor Coffee', timeZone: 'America/Chicago' },
  });
  const owner = { token: account.token, companyId: company.body._id };
  const { companies } = await useSandboxTable();
  await companies.patch({ companyId: owner.companyId }).set({ founder: false }).go();
  if (tier === 'intro') await setPlan(owner.companyId, { tier, subscription: 'active' });
  else await setPaidTier(owner.companyId, tier);
  return owner;
};

/** Consent at Meta's stand-in as `account`: where our callback sent the browser. */
const consent = async (owner: Owner, platform: 'facebook' | 'instagram', account: string) => {
  const started = await beginConsent(owner, platform);
  return landing(await followCallback(await allowAtProvider(started, account), started.cookie));
};

const pagesOf = (owner: Owner, platform: 'facebook' | 'instagram') =>
  call<PageChoice>('GET', `/companies/${owner.companyId}/platforms/${platform}/pages`, {
    token: owner.token,
  });

const choose = (owner: Owner, platform: 'facebook' | 'instagram', pageId: string) =>
  call<PlatformCredential>('PUT', `/companies/${owner.companyId}/platforms/${platform}/page`, {
    token: owner.token,
    body: { pageId },
  });

/** Connects the platform as `account`, choosing its first Page: the credential. */
const connectMeta = async (
  owner: Owner,
  platform: 'facebook' | 'instagram',
  account: string,
): Promise<PlatformCredential> => {
  const back = await consent(owner, platform, account);
  expect(back.params).toEqual({ choosePage: 'true', platform });
  const { body } = await pagesOf(owner, platform);
  const chosen = await choose(owner, platform, body.pages[0]!.id);
  expect(chosen.status).toBe(200);
  return chosen.body;
};

/** Uploads files for Post now: their keys. */
const upload = async (
  owner: Owner,
  platform: 'facebook' | 'instagram',
  files: { bytes: Buffer; contentType: string; name: string }[],
): Promise<{ key: string }[]> =>
  Promise.all(
    files.map(async ({ bytes, contentType, name }) => {
      const presigned = await call<MediaUpload>(
        'POST',
        `/companies/${owner.companyId}/platform-media`,
        {
          token: owner.token,
          body: { platform, fileName: name, contentType, size: bytes.length },
        },
      );
      expect(presigned.status).toBe(201);
      expect((await uploadTo(presigned.body, bytes, {}, name)).status).toBe(204);
      return { key: presigned.body.key };
    }),
  );

const postNow = (
  owner: Owner,
  platform: 'facebook' | 'instagram',
  text: string,
  media: { key: string; altText?: string }[] = [],
) =>
  call<{ platform: string; postId: string; url: string }>(
    'POST',
    `/platforms/${platform}/post/${owner.companyId}`,
    { token: owner.token, body: { text, media } },
  );

const credentialOf = async (owner: Owner, platform: string) =>
  (
    await call<PlatformCredential[]>('GET', `/companies/${owner.companyId}/platform-credentials`, {
      token: owner.token,
    })
  ).body.find((credential) => credential.platform === platform);

/** The words of an error answer. */
const messageOf = (result: { body: unknown }): string =>
  String((result.body as { message?: unknown }).message);

const unique = (text: string) => `${text} ${randomUUID().slice(0, 8)}`;

describe('the tiers that sell Facebook and Instagram, at the server', () => {
  it('refuse Facebook on Intro and Instagram on Silver; Silver connects Facebook', async () => {
    const intro = await newCompany('intro');
    const refusedFacebook = await requestConsent(intro, 'facebook');
    expect(refusedFacebook.status).toBe(403);
    expect(refusedFacebook.body).toMatchObject({ code: 'PLATFORM_NOT_IN_TIER' });
    expect(messageOf(refusedFacebook)).toBe(
      'Facebook is not included in the Intro plan. Upgrade to use it.',
    );

    const silver = await newCompany('silver');
    const refusedInstagram = await requestConsent(silver, 'instagram');
    expect(refusedInstagram.status).toBe(403);
    expect(refusedInstagram.body).toMatchObject({ code: 'PLATFORM_NOT_IN_TIER' });
    expect(messageOf(refusedInstagram)).toBe(
      'Instagram is not included in the Silver plan. Upgrade to use it.',
    );

    expect((await requestConsent(silver, 'facebook')).status).toBe(200);
  });
});

describe('connecting Facebook', () => {
  it('asks Meta for the Page permissions with the pinned version, then lets the owner choose a Page', async () => {
    const owner = await newCompany('silver');
    const started = await beginConsent(owner, 'facebook');
    const url = new URL(started.url);
    expect(url.pathname).toMatch(/\/v\d+\.\d+\/dialog\/oauth$/);
    expect(url.searchParams.get('scope')?.split(',')).toEqual(
      expect.arrayContaining(['pages_show_list', 'pages_manage_posts', 'pages_read_engagement']),
    );
    const back = landing(
      await followCallback(await allowAtProvider(started, 'Harbor Roasters'), started.cookie),
    );
    expect(back.path).toBe(`/dashboard/company/${owner.companyId}/platforms`);
    expect(back.params).toEqual({ choosePage: 'true', platform: 'facebook' });
    // Nothing is connected until a Page is chosen.
    expect(await credentialOf(owner, 'facebook')).toBeUndefined();

    const { status, body } = await pagesOf(owner, 'facebook');
    expect(status).toBe(200);
    expect(body.problem).toBeNull();
    expect(body.pages.map((page) => [page.name, page.problem])).toEqual([
      ['Harbor Roasters', null],
      ['Harbor Roasters Events', null],
    ]);

    const refused = await choose(owner, 'facebook', '1234');
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'PAGE_NOT_FOUND' });

    const page = body.pages[1]!;
    const chosen = await choose(owner, 'facebook', page.id);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      platform: 'facebook',
      accountId: page.id,
      handle: 'Harbor Roasters Events',
      accountName: 'Harbor Roasters Events',
      avatarUrl: page.pictureUrl,
      page: { id: page.id, name: 'Harbor Roasters Events' },
      needsReconnection: false,
      metadata: { connected: true },
    });
    expect(await credentialOf(owner, 'facebook')).toMatchObject({ accountId: page.id });
    // The consent is spent by the choice.
    const again = await pagesOf(owner, 'facebook');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'PAGE_CHOICE_NOT_PENDING' });
  });

  it('says which permission the consent left out, and connects nothing', async () => {
    const owner = await newCompany('silver');
    const started = await beginConsent(owner, 'facebook');
    const url = new URL(started.url);
    url.searchParams.set('scope', 'pages_show_list,pages_read_engagement');
    const back = landing(
      await followCallback(
        await allowAtProvider({ ...started, url: url.toString() }, 'Harbor Partial'),
        started.cookie,
      ),
    );
    expect(back.params.platform).toBe('facebook');
    expect(back.params.error).toContain('“pages_manage_posts”');
    expect((await pagesOf(owner, 'facebook')).status).toBe(409);
  });
});

describe('connecting Instagram', () => {
  it('goes through the Page it is linked to, and says what to change for a Page without one', async () => {
    const owner = await newCompany('platinum');
    const back = await consent(owner, 'instagram', 'Harbor Grams');
    expect(back.params).toEqual({ choosePage: 'true', platform: 'instagram' });
    const { body } = await pagesOf(owner, 'instagram');
    const [linked, unlinked] = body.pages;
    expect(linked).toMatchObject({
      name: 'Harbor Grams',
      instagram: { username: 'harborgrams' },
      problem: null,
    });
    expect(unlinked!.instagram).toBeNull();
    expect(unlinked!.problem).toContain('has no Instagram professional account linked');
    expect(unlinked!.problem).toContain('Account type and tools');

    const refused = await choose(owner, 'instagram', unlinked!.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'INSTAGRAM_ACCOUNT_MISSING',
      message: unlinked!.problem,
    });

    const chosen = await choose(owner, 'instagram', linked!.id);
    expect(chosen.body).toMatchObject({
      platform: 'instagram',
      accountId: linked!.instagram!.id,
      handle: '@harborgrams',
      page: { id: linked!.id, name: 'Harbor Grams' },
    });
  });
});

describe('posting now', () => {
  let facebook: Owner;
  let instagram: Owner;

  beforeAll(async () => {
    facebook = await newCompany('silver');
    await connectMeta(facebook, 'facebook', 'Harbor Page');
    instagram = await newCompany('platinum');
    await connectMeta(instagram, 'instagram', 'Harbor Insta');
  });

  it('publishes text with its link to the Page', async () => {
    const text = unique('New beans in: https://harbor.example/beans');
    const posted = await postNow(facebook, 'facebook', text);
    expect(posted.status).toBe(201);
    const [sent] = (await postsAt('facebook')).filter((post) => post.text === text);
    expect(sent).toMatchObject({ handle: 'Harbor Page', media: [] });
    expect(posted.body).toEqual({ platform: 'facebook', postId: sent!.postId, url: sent!.url });
  });

  it('publishes several photos as one post, and a video', async () => {
    const photos = await upload(facebook, 'facebook', [
      { bytes: jpeg(1200, 800), contentType: 'image/jpeg', name: 'a.jpg' },
      { bytes: jpeg(800, 800), contentType: 'image/jpeg', name: 'b.jpg' },
    ]);
    const text = unique('Two roasts');
    const posted = await postNow(facebook, 'facebook', text, [
      { ...photos[0]!, altText: 'A dark roast' },
      photos[1]!,
    ]);
    expect(posted.status).toBe(201);
    const [sent, ...more] = (await postsAt('facebook')).filter((post) => post.text === text);
    expect(more).toEqual([]);
    expect(sent!.media.map((item) => [item.contentType, item.altText])).toEqual([
      ['image/jpeg', 'A dark roast'],
      ['image/jpeg', undefined],
    ]);

    const [video] = await upload(facebook, 'facebook', [
      { bytes: MP4, contentType: 'video/mp4', name: 'pour.mp4' },
    ]);
    const videoText = unique('The pour');
    expect((await postNow(facebook, 'facebook', videoText, [video!])).status).toBe(201);
    const [sentVideo] = (await postsAt('facebook')).filter((post) => post.text === videoText);
    expect(sentVideo!.media.map((item) => item.contentType)).toEqual(['video/mp4']);
    expect(sentVideo!.url).toContain('/videos/');
  });

  it('publishes an Instagram image, a carousel and a video through containers', async () => {
    const [image] = await upload(instagram, 'instagram', [
      { bytes: jpeg(1080, 1350), contentType: 'image/jpeg', name: 'tall.jpg' },
    ]);
    const text = unique('Morning light #coffee');
    const posted = await postNow(instagram, 'instagram', text, [image!]);
    expect(posted.status).toBe(201);
    const [sent] = (await postsAt('instagram')).filter((post) => post.text === text);
    expect(sent).toMatchObject({ handle: '@harborinsta' });
    expect(posted.body.url).toBe(sent!.url);

    const items = await upload(instagram, 'instagram', [
      { bytes: jpeg(1080, 1080), contentType: 'image/jpeg', name: '1.jpg' },
      { bytes: jpeg(1910, 1000), contentType: 'image/jpeg', name: '2.jpg' },
      { bytes: MP4, contentType: 'video/mp4', name: '3.mp4' },
    ]);
    const carousel = unique('Three views');
    expect((await postNow(instagram, 'instagram', carousel, items)).status).toBe(201);
    const [sentCarousel] = (await postsAt('instagram')).filter((post) => post.text === carousel);
    expect(sentCarousel!.media.map((item) => item.contentType)).toEqual([
      'image/jpeg',
      'image/jpeg',
      'video/mp4',
    ]);

    const [video] = await upload(instagram, 'instagram', [
      { bytes: MP4, contentType: 'video/mp4', name: 'reel.mp4' },
    ]);
    const reel = unique('A reel');
    expect((await postNow(instagram, 'instagram', reel, [video!])).status).toBe(201);
    expect((await postsAt('instagram')).filter((post) => post.text === reel)).toHaveLength(1);
  });

  it('refuses an Instagram post without media, or with an image of a shape it does not take', async () => {
    const bare = await postNow(instagram, 'instagram', unique('Just words'));
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'MEDIA_REQUIRED' });

    const png = await call('POST', `/companies/${instagram.companyId}/platform-media`, {
      token: instagram.token,
      body: { platform: 'instagram', fileName: 'a.png', contentType: 'image/png', size: 100 },
    });
    // Campaign images are converted by the media job; Post now's uploads are not.
    expect(png.status).toBe(400);
    expect(png.body).toMatchObject({
      code: 'MEDIA_TYPE_NOT_ALLOWED',
      message:
        'Post now sends JPEG or MP4 files to Instagram; a PNG is converted to JPEG as a campaign image',
    });

    const [wide] = await upload(instagram, 'instagram', [
      { bytes: jpeg(2000, 800), contentType: 'image/jpeg', name: 'wide.jpg' },
    ]);
    const refused = await postNow(instagram, 'instagram', unique('Too wide'), [wide!]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'MEDIA_INVALID' });
    expect(messageOf(refused)).toContain('from 4:5 (portrait) to 1.91:1 (landscape)');
    expect(messageOf(refused)).toContain('2000 × 800');
  });

  describe("Meta's failures, in the owner's words", () => {
    afterAll(async () => {
      await clearFailure('facebook');
      await clearFailure('instagram');
    });

    const image = async () =>
      upload(instagram, 'instagram', [
        { bytes: jpeg(1080, 1080), contentType: 'image/jpeg', name: 'square.jpg' },
      ]);

    it('a rate limit (code 4): try later, nothing posted', async () => {
      await nextFailure('facebook', '429');
      const text = unique('Limited');
      const refused = await postNow(facebook, 'facebook', text);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'PROVIDER_RATE_LIMITED' });
      expect(messageOf(refused)).toContain('Facebook is limiting requests');
      expect((await postsAt('facebook')).filter((post) => post.text === text)).toEqual([]);
    });

    it('a container that ends in ERROR: what was wrong with the media', async () => {
      await nextFailure('instagram', 'container-error');
      const refused = await postNow(instagram, 'instagram', unique('Broken'), await image());
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'PROVIDER_REJECTED' });
      expect(messageOf(refused)).toContain('Instagram could not process this image');
    });

    it('the publishing limit, read from the account: no post, and words that say so', async () => {
      await nextFailure('instagram', 'limit-reached');
      const text = unique('Over the limit');
      const refused = await postNow(instagram, 'instagram', text, await image());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'PUBLISHING_LIMIT_REACHED' });
      expect(messageOf(refused)).toContain('100 posts in 24 hours');
      expect((await postsAt('instagram')).filter((post) => post.text === text)).toEqual([]);
    });

    it('a missing permission (code 200): which one, and the connection needs reconnecting', async () => {
      const owner = await newCompany('platinum');
      await connectMeta(owner, 'instagram', 'Harbor Perms');
      await nextFailure('instagram', 'permission');
      const refused = await postNow(
        owner,
        'instagram',
        unique('No rights'),
        await upload(owner, 'instagram', [
          { bytes: jpeg(1080, 1080), contentType: 'image/jpeg', name: 'p.jpg' },
        ]),
      );
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'PLATFORM_NEEDS_RECONNECTION' });
      expect(messageOf(refused)).toContain('“instagram_content_publish”');
      expect(await credentialOf(owner, 'instagram')).toMatchObject({ needsReconnection: true });
    });

    it('an expired token (code 190): the connection needs reconnecting', async () => {
      const owner = await newCompany('silver');
      await connectMeta(owner, 'facebook', 'Harbor Expired');
      await nextFailure('facebook', 'expired');
      const refused = await postNow(owner, 'facebook', unique('Lapsed'));
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'PLATFORM_NEEDS_RECONNECTION' });
      expect(messageOf(refused)).toContain('Facebook needs to be reconnected');
      expect(await credentialOf(owner, 'facebook')).toMatchObject({ needsReconnection: true });
      // Refused here before Meta is asked again.
      const again = await postNow(owner, 'facebook', unique('Still lapsed'));
      expect(again.body).toMatchObject({ code: 'PLATFORM_NEEDS_RECONNECTION' });
    });
  });
});

describe('the publisher on Instagram', () => {
  let owner: Owner;
  let campaignId: string;
  let s3: S3Client;

  beforeAll(async () => {
    owner = await newCompany('platinum');
    await connectMeta(owner, 'instagram', 'Harbor Publisher');
    campaignId = await newCampaign(owner, { platforms: ['instagram'] });
    s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  });
  afterAll(async () => {
    await clearFailure('instagram');
    s3?.destroy();
  });

  /** A campaign image, its file in the media bucket (a JPEG's header unless `file` is given). */
  const campaignImage = async (
    width = 1080,
    height = 1080,
    file: {
      bytes: Buffer;
      contentType: 'image/jpeg' | 'image/png' | 'image/gif';
      extension: string;
    } = {
      bytes: jpeg(width, height),
      contentType: 'image/jpeg',
      extension: 'jpg',
    },
  ): Promise<string> => {
    const { mediaAssets } = await useSandboxTable();
    const mediaId = randomUUID();
    const key = `companies/${owner.companyId}/campaigns/${campaignId}/${mediaId}.${file.extension}`;
    const { bytes, contentType } = file;
    await s3.send(
      new PutObjectCommand({
        Bucket: MEDIA_BUCKET,
        Key: key,
        Body: bytes,
        ContentType: contentType,
      }),
    );
    await mediaAssets
      .create({
        companyId: owner.companyId,
        campaignId,
        mediaId,
        key,
        type: 'image',
        contentType,
        size: bytes.length,
        fileName: `latte.${file.extension}`,
        platforms: ['instagram'],
      })
      .go();
    return mediaId;
  };

  const seedInstagramPost = async (imageIds: string[]) =>
    seedPost(owner, campaignId, { platform: 'instagram', imageIds });

  it('publishes once through a container, invoked three times at once', async () => {
    const seeded = await seedInstagramPost([
      await campaignImage(),
      await campaignImage(1080, 1350),
    ]);
    const outcomes = await Promise.all([publish(seeded), publish(seeded), publish(seeded)]);
    expect(outcomes.filter((outcome) => outcome === 'published')).toHaveLength(1);
    const sent = (await postsAt('instagram')).filter((post) => post.text === seeded.text);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.media).toHaveLength(2);
    const post = await postOf(seeded);
    expect(post).toMatchObject({
      status: 'published',
      postUrl: sent[0]!.url,
      providerPostId: sent[0]!.postId,
    });
    // The container was remembered on the post before it was published.
    expect(post.providerPreparedId).toMatch(/^\d+$/);
  });

  it('publishes a PNG and a GIF as JPEG renditions, made on the spot when the media job has not run', async () => {
    const picture = (width: number, height: number) => {
      const image = new Jimp({ width, height, color: 0x3366ccff });
      return image;
    };
    const png = Buffer.from(await picture(1080, 1080).getBuffer('image/png'));
    const gif = Buffer.from(await picture(1080, 1350).getBuffer('image/gif'));
    const pngId = await campaignImage(0, 0, {
      bytes: png,
      contentType: 'image/png',
      extension: 'png',
    });
    const gifId = await campaignImage(0, 0, {
      bytes: gif,
      contentType: 'image/gif',
      extension: 'gif',
    });
    const seeded = await seedInstagramPost([pngId, gifId]);

    expect(await publish(seeded)).toBe('published');
    const [sent] = (await postsAt('instagram')).filter((post) => post.text === seeded.text);
    // The stand-in, like Instagram, takes only JPEG: it read what it fetched as one.
    expect(sent!.media.map((item) => item.contentType)).toEqual(['image/jpeg', 'image/jpeg']);
    // Left beside the originals for the next post that uses them.
    for (const [mediaId, size] of [
      [pngId, [1080, 1080]],
      [gifId, [1080, 1350]],
    ] as const) {
      const { Body } = await s3.send(
        new GetObjectCommand({
          Bucket: MEDIA_BUCKET,
          Key: `companies/${owner.companyId}/campaigns/${campaignId}/renditions/${mediaId}.jpg`,
        }),
      );
      const bytes = Buffer.from(await Body!.transformToByteArray());
      expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect(readImageHeader(bytes)).toMatchObject({
        contentType: 'image/jpeg',
        width: size[0],
        height: size[1],
      });
    }
    expect((await postOf(seeded)).status).toBe('published');
  });

  it('never publishes again after a time-out that followed media_publish', async () => {
    const seeded = await seedInstagramPost([await campaignImage()]);
    await nextFailure('instagram', 'publish-timeout');
    expect(await publish(seeded)).toBe('failed');
    const post = await postOf(seeded);
    expect(post.status).toBe('failed');
    expect(post.publishError).toBe(PUBLISH_ERRORS.unknownOutcome);
    // It did go out, once; another run does not send it again.
    expect((await postsAt('instagram')).filter((item) => item.text === seeded.text)).toHaveLength(
      1,
    );
    expect(await publish({ ...seeded, event: { ...seeded.event } }, 2)).toBe('not-due');
    expect((await postsAt('instagram')).filter((item) => item.text === seeded.text)).toHaveLength(
      1,
    );
  });

  it('is refused at review, with words, without an image or with one of a shape Instagram does not take', async () => {
    const approve = (seeded: { event: { campaignId: string; contentId: string } }) =>
      call(
        'POST',
        `/campaigns/${seeded.event.campaignId}/content/${seeded.event.contentId}/approve`,
        { token: owner.token, body: { status: 'approved' } },
      );
    const bare = await seedPost(owner, campaignId, {
      platform: 'instagram',
      status: 'draft',
      imageIds: [],
      scheduledFor: undefined,
      publishAttempt: undefined,
    });
    const refused = await approve(bare);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONTENT_MEDIA_UNSUITABLE' });
    expect(messageOf(refused)).toBe(
      'Instagram posts need an image or a video. Add one to this post first.',
    );

    const wide = await seedPost(owner, campaignId, {
      platform: 'instagram',
      status: 'draft',
      imageIds: [await campaignImage(2000, 800)],
      scheduledFor: undefined,
      publishAttempt: undefined,
    });
    const refusedWide = await approve(wide);
    expect(refusedWide.body).toMatchObject({ code: 'CONTENT_MEDIA_UNSUITABLE' });
    expect(messageOf(refusedWide)).toContain('this one is 2000 × 800');
    expect((await postOf(wide)).status).toBe('draft');

    const fitting = await seedPost(owner, campaignId, {
      platform: 'instagram',
      status: 'draft',
      imageIds: [await campaignImage(1080, 1350)],
      scheduledFor: undefined,
      publishAttempt: undefined,
    });
    expect((await approve(fitting)).status).toBe(200);
  });

  it('fails a post without an image, in words, before Meta is asked', async () => {
    const seeded = await seedInstagramPost([]);
    expect(await publish(seeded)).toBe('failed');
    expect((await postOf(seeded)).publishError).toContain(
      'Instagram posts need an image or a video',
    );
  });

  it('an expired token: failed with the reconnection words, and the credential marked', async () => {
    const seeded = await seedInstagramPost([await campaignImage()]);
    await nextFailure('instagram', 'expired');
    expect(await publish(seeded)).toBe('failed');
    expect((await postOf(seeded)).publishError).toBe(PUBLISH_ERRORS.needsReconnection);
    expect(await credentialOf(owner, 'instagram')).toMatchObject({ needsReconnection: true });
  });
});
