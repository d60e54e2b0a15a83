import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { CampaignMediaUpload, MediaAsset } from '#shared/contract/media';
import { CAMPAIGN_MEDIA_MAX_BYTES } from '#shared/domain/campaigns';
import { MEDIA_BUCKET } from '#infra/sandbox/function-environment';
import { jobRunStatus, seedCampaign, useSandboxTable } from './db';
import { call, registerUser, runJob, uploadTo } from './http';

/**
 * A campaign's media assets through the real HTTP API and the sandbox's S3 emulator, whose front
 * holds browser uploads to their presigned POST policy as S3 does: the upload, the confirmation
 * that checks what S3 stored (its size, and what its first bytes say it is), the limit of 5 a
 * campaign under concurrent confirmations, changes and removal, and what goes when a campaign or
 * a company is deleted. (Each confirmed image also gets a thumbnail from the media-thumbnail job,
 * in the background: media-thumbnails.test.ts; here a test waits for it where it counts files.)
 */

interface Owner {
  token: string;
  companyId: string;
  campaignId: string;
}

const s3 = new S3Client({
  endpoint: inject('s3Endpoint'),
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => s3.destroy());

/** Every key under the prefix. */
const keysUnder = async (prefix: string): Promise<string[]> => {
  const { Contents } = await s3.send(
    new ListObjectsV2Command({ Bucket: MEDIA_BUCKET, Prefix: prefix }),
  );
  return (Contents ?? []).map((object) => object.Key!).sort();
};

const exists = async (key: string): Promise<boolean> =>
  s3.send(new HeadObjectCommand({ Bucket: MEDIA_BUCKET, Key: key })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NotFound') return false;
      throw error;
    },
  );

const assetPrefix = (owner: Owner) => `companies/${owner.companyId}/campaigns/${owner.campaignId}/`;
const uploadPrefix = (owner: Owner) => `uploads/${assetPrefix(owner)}`;
const thumbnailKey = (owner: Owner, mediaId: string) =>
  `${assetPrefix(owner)}thumbnails/${mediaId}.jpg`;
/** The JPEG the job makes of a PNG or GIF, for the platforms that publish JPEG only. */
const renditionKey = (owner: Owner, mediaId: string) =>
  `${assetPrefix(owner)}renditions/${mediaId}.jpg`;

/**
 * Waits for the media-thumbnail job each image's confirmation started in the background to be
 * done (with a thumbnail, or without for an image it cannot use), so the files can be counted.
 */
const thumbnailJobsDone = async (...mediaIds: string[]): Promise<void> => {
  for (const mediaId of mediaIds) {
    // vi.waitFor, not expect.poll: it is also waited for in a beforeAll.
    await vi.waitFor(
      async () => expect(await jobRunStatus('media-thumbnail', mediaId)).toBe('done'),
      { timeout: 20_000, interval: 100 },
    );
  }
};

/* ----- Files ----- */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (JFIF), padded. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(200, 7),
]);
/** An MP4's ftyp box and a little more. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(300, 1),
]);
/** A Windows program: "MZ", a DOS stub... */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
  Buffer.from('This program cannot be run in DOS mode.'),
  Buffer.alloc(200),
]);

/* ----- Calls ----- */

const newOwner = async (): Promise<Owner> => {
  const { token } = await registerUser();
  const company = await call<{ _id: string }>('POST', '/companies', {
    token,
    body: { name: 'Harbor Coffee' },
  });
  expect(company.status).toBe(201);
  // Campaigns are created by the campaigns API (its own issue): seeded as it writes them.
  const campaignId = await seedCampaign(company.body._id, { name: 'Spring menu' });
  return { token, companyId: company.body._id, campaignId };
};

const requestUpload = (
  owner: Owner,
  body: Record<string, unknown> = { fileName: 'latte.png', contentType: 'image/png', size: 68 },
) =>
  call<CampaignMediaUpload & { code?: string; message?: string }>(
    'POST',
    `/campaigns/${owner.campaignId}/media/uploads`,
    { token: owner.token, body },
  );

/** Asks for an upload and uploads the bytes: answers the key to confirm. */
const uploaded = async (
  owner: Owner,
  bytes: Uint8Array = PNG,
  declared: { fileName: string; contentType: string } = {
    fileName: 'latte.png',
    contentType: 'image/png',
  },
): Promise<string> => {
  const upload = await requestUpload(owner, { ...declared, size: bytes.length });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const posted = await uploadTo(upload.body, bytes);
  expect(posted.status, posted.text).toBe(204);
  return upload.body.key;
};

const confirm = (owner: Owner, body: Record<string, unknown>) =>
  call<MediaAsset & { code?: string; message?: string }>(
    'POST',
    `/campaigns/${owner.campaignId}/media`,
    { token: owner.token, body },
  );

const mediaCount = async (owner: Owner): Promise<number | undefined> => {
  const { campaigns } = await useSandboxTable();
  const { data } = await campaigns
    .get({ companyId: owner.companyId, campaignId: owner.campaignId })
    .go({ consistent: true });
  return data?.mediaCount;
};

const assetItems = async (owner: Owner) => {
  const { mediaAssets } = await useSandboxTable();
  const { data } = await mediaAssets.query
    .byCampaign({ companyId: owner.companyId, campaignId: owner.campaignId })
    .go({ consistent: true, pages: 'all' });
  return data;
};

/* ----- Tests ----- */

describe('uploading campaign media', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  it("answers a presigned POST under the campaign's upload prefix, held to the type, 10 MB and the key", async () => {
    const upload = await requestUpload(owner, {
      fileName: 'Café menu.png',
      contentType: 'image/png',
      size: 5000,
    });
    expect(upload.status).toBe(201);
    expect(upload.body.key).toMatch(
      new RegExp(
        `^${uploadPrefix(owner)}[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\\.png$`,
      ),
    );
    expect(upload.body.maxBytes).toBe(CAMPAIGN_MEDIA_MAX_BYTES);
    expect(Date.parse(upload.body.expiresAt)).toBeGreaterThan(Date.now());
    const policy = JSON.parse(Buffer.from(upload.body.fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 10_485_760],
        { 'Content-Type': 'image/png' },
        { key: upload.body.key },
        { 'x-amz-meta-file-name': encodeURIComponent('Café menu.png') },
      ]),
    );
  });

  it('refuses a type the campaign does not take, or a file over 10 MB, up front', async () => {
    const exe = await requestUpload(owner, {
      fileName: 'setup.exe',
      contentType: 'application/x-msdownload',
      size: 5000,
    });
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { contentType: 'Choose a JPG, PNG or GIF image, or an MP4, MPEG or MOV video' },
    });
    const huge = await requestUpload(owner, {
      fileName: 'huge.mov',
      contentType: 'video/quicktime',
      size: CAMPAIGN_MEDIA_MAX_BYTES + 1,
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({
      fields: { size: 'Each file must be 10 MB or smaller' },
    });
  });

  it('is refused by S3 itself: a file over 10 MB, another type, another key or another name', async () => {
    const upload = await requestUpload(owner);
    // The browser said 68 bytes; S3 holds it to the policy's 10 MB, not to what it said.
    const oversized = new Uint8Array(CAMPAIGN_MEDIA_MAX_BYTES + 1);
    oversized.set(PNG);
    const tooLarge = await uploadTo(upload.body, oversized);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.text).toContain('<Code>EntityTooLarge</Code>');
    const empty = await uploadTo(upload.body, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('<Code>EntityTooSmall</Code>');
    const otherType = await uploadTo(upload.body, PNG, { 'Content-Type': 'text/html' });
    expect(otherType.status).toBe(403);
    expect(otherType.text).toContain('Policy Condition failed');
    const otherKey = await uploadTo(upload.body, PNG, {
      key: `${assetPrefix(owner)}${randomUUID()}.png`,
    });
    expect(otherKey.status).toBe(403);
    const otherName = await uploadTo(upload.body, PNG, { 'x-amz-meta-file-name': 'evil.html' });
    expect(otherName.status).toBe(403);
    expect(await keysUnder(uploadPrefix(owner))).toEqual([]);
    // What the policy allows goes through.
    expect((await uploadTo(upload.body, PNG)).status).toBe(204);
    expect(await exists(upload.body.key)).toBe(true);
  });
});

describe('confirming an upload', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  it('makes it a media asset: the file under the campaign with its real type, a short-lived link', async () => {
    const key = await uploaded(owner, PNG, {
      fileName: 'Café latte.png',
      contentType: 'image/png',
    });
    const asset = await confirm(owner, {
      key,
      description: '  The latte art  ',
      usage: 'secondary',
      platforms: ['twitter', 'linkedin', 'twitter'],
    });
    expect(asset.status, JSON.stringify(asset.body)).toBe(201);
    expect(asset.body).toMatchObject({
      type: 'image',
      contentType: 'image/png',
      size: PNG.length,
      fileName: 'Café latte.png',
      description: 'The latte art',
      usage: 'secondary',
      platforms: ['twitter', 'linkedin'],
      thumbnailUrl: null,
    });
    expect(key).toContain(asset.body._id);

    // The link is presigned, expires within two hours, and serves the file with its type.
    const link = new URL(asset.body.url);
    expect(Number(link.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(2 * 60 * 60);
    const file = await fetch(asset.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);

    // The upload became the asset's file (beside it, the thumbnail and JPEG the job made of it).
    expect(await keysUnder(uploadPrefix(owner))).toEqual([]);
    await thumbnailJobsDone(asset.body._id);
    expect(await keysUnder(assetPrefix(owner))).toEqual([
      `${assetPrefix(owner)}${asset.body._id}.png`,
      renditionKey(owner, asset.body._id),
      thumbnailKey(owner, asset.body._id),
    ]);
    expect(await mediaCount(owner)).toBe(1);

    // A retried confirmation answers the same asset and counts nothing twice.
    const again = await confirm(owner, { key, description: 'Other words' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ _id: asset.body._id, description: 'The latte art' });
    expect(await mediaCount(owner)).toBe(1);
    expect(await assetItems(owner)).toHaveLength(1);
  });

  it('deletes a program renamed photo.png, and says what is wrong', async () => {
    const key = await uploaded(owner, EXE, { fileName: 'photo.png', contentType: 'image/png' });
    expect(await exists(key)).toBe(true);
    const before = await mediaCount(owner);

    const refused = await confirm(owner, { key });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'MEDIA_INVALID',
      message:
        'This file is not a JPG, PNG or GIF image, or an MP4, MPEG or MOV video, whatever its name says',
    });
    expect(await exists(key)).toBe(false);
    expect(await mediaCount(owner)).toBe(before);
    // Nothing is left to confirm.
    const again = await confirm(owner, { key });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'MEDIA_UPLOAD_MISSING' });
  });

  it('records what a file is, not what it was declared as', async () => {
    const jpegAsPng = await uploaded(owner, JPEG, {
      fileName: 'harbor.png',
      contentType: 'image/png',
    });
    const jpeg = await confirm(owner, { key: jpegAsPng });
    expect(jpeg.status).toBe(201);
    expect(jpeg.body).toMatchObject({
      type: 'image',
      contentType: 'image/jpeg',
      size: JPEG.length,
    });
    expect((await fetch(jpeg.body.url)).headers.get('content-type')).toBe('image/jpeg');
    expect(await exists(`${assetPrefix(owner)}${jpeg.body._id}.jpg`)).toBe(true);

    const clip = await uploaded(owner, MP4, { fileName: 'pour.mp4', contentType: 'video/mp4' });
    const video = await confirm(owner, { key: clip, usage: 'reference' });
    expect(video.status).toBe(201);
    expect(video.body).toMatchObject({
      type: 'video',
      contentType: 'video/mp4',
      usage: 'reference',
    });
  });

  it("refuses a key that is not this campaign's upload, and leaves that file alone", async () => {
    const other = { ...owner, campaignId: await seedCampaign(owner.companyId) };
    const othersKey = await uploaded(other);
    const foreign = await confirm(owner, { key: othersKey });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      code: 'MEDIA_INVALID',
      message: 'This file was not uploaded for this campaign',
    });
    expect(await exists(othersKey)).toBe(true);

    for (const key of [
      `${assetPrefix(owner)}${randomUUID()}.png`,
      `${uploadPrefix(owner)}../${randomUUID()}.png`,
      `${uploadPrefix(owner)}${randomUUID()}.exe`,
      `post-media/${owner.companyId}/${randomUUID()}.png`,
    ]) {
      const refused = await confirm(owner, { key });
      expect(refused.body, key).toMatchObject({ code: 'MEDIA_INVALID' });
    }

    const never = await requestUpload(owner);
    const missing = await confirm(owner, { key: never.body.key });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'MEDIA_UPLOAD_MISSING',
      message: 'The uploaded file was not found. Please upload it again.',
    });
  });
});

describe('the limit of 5 a campaign', () => {
  it('holds under 10 concurrent confirmations: 5 assets, 5 refusals whose files are deleted', async () => {
    const owner = await newOwner();
    const keys = await Promise.all(Array.from({ length: 10 }, () => uploaded(owner)));

    const answers = await Promise.all(keys.map((key) => confirm(owner, { key })));

    const made = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(made).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'MEDIA_LIMIT_REACHED',
        message: 'Maximum 5 files allowed',
      });
    }
    expect(await mediaCount(owner)).toBe(5);
    const items = await assetItems(owner);
    expect(items.map((item) => item.mediaId).sort()).toEqual(
      made.map((answer) => answer.body._id).sort(),
    );
    // Exactly the five assets' files (and their thumbnails and JPEGs) are left; every upload is gone.
    await thumbnailJobsDone(...items.map((item) => item.mediaId));
    expect(await keysUnder(assetPrefix(owner))).toEqual(
      items
        .flatMap((item) => [
          item.key,
          thumbnailKey(owner, item.mediaId),
          ...(item.contentType === 'image/jpeg' ? [] : [renditionKey(owner, item.mediaId)]),
        ])
        .sort(),
    );
    expect(await keysUnder(uploadPrefix(owner))).toEqual([]);

    // A sixth is refused up front, and a confirmed upload retried still answers its asset.
    const sixth = await requestUpload(owner);
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ code: 'MEDIA_LIMIT_REACHED' });
    const retried = await confirm(owner, { key: keys[answers.indexOf(made[0]!)]! });
    expect(retried.status).toBe(201);
    expect(retried.body._id).toBe(made[0]!.body._id);

    // Removing one frees its place.
    const removed = await call(
      'DELETE',
      `/campaigns/${owner.campaignId}/media/${made[0]!.body._id}`,
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    expect(await mediaCount(owner)).toBe(4);
    expect((await confirm(owner, { key: await uploaded(owner) })).status).toBe(201);
    expect(await mediaCount(owner)).toBe(5);
  });
});

describe('changing and removing an asset', () => {
  let owner: Owner;
  let asset: MediaAsset;
  beforeAll(async () => {
    owner = await newOwner();
    asset = (await confirm(owner, { key: await uploaded(owner), description: 'Latte' })).body;
    await thumbnailJobsDone(asset._id);
  });

  it('changes its description, usage and platforms — only those', async () => {
    const path = `/campaigns/${owner.campaignId}/media/${asset._id}`;
    const changed = await call<MediaAsset>('PUT', path, {
      token: owner.token,
      body: { description: 'Latte art at dawn', usage: 'reference', platforms: ['linkedin'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      _id: asset._id,
      description: 'Latte art at dawn',
      usage: 'reference',
      platforms: ['linkedin'],
      fileName: 'latte.png',
      contentType: 'image/png',
    });
    const partial = await call<MediaAsset>('PUT', path, {
      token: owner.token,
      body: { platforms: [] },
    });
    expect(partial.body).toMatchObject({ description: 'Latte art at dawn', platforms: [] });

    const fileChange = await call('PUT', path, {
      token: owner.token,
      body: { contentType: 'text/html' },
    });
    expect(fileChange.status).toBe(400);
    expect(fileChange.body).toMatchObject({ code: 'VALIDATION_FAILED' });

    const missing = await call('PUT', `/campaigns/${owner.campaignId}/media/${randomUUID()}`, {
      token: owner.token,
      body: { description: 'Nothing' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'MEDIA_NOT_FOUND' });
  });

  it('removes it with its files, once', async () => {
    const path = `/campaigns/${owner.campaignId}/media/${asset._id}`;
    expect((await fetch(asset.url)).status).toBe(200);
    const removed = await call('DELETE', path, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Media deleted successfully' });
    expect(await keysUnder(assetPrefix(owner))).toEqual([]);
    expect((await fetch(asset.url)).status).toBe(404);
    expect(await mediaCount(owner)).toBe(0);

    const again = await call('DELETE', path, { token: owner.token });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'MEDIA_NOT_FOUND' });
    expect(await mediaCount(owner)).toBe(0);
  });

  it("answers another owner's campaign and asset 404, touching nothing", async () => {
    const stranger = await newOwner();
    const mine = (await confirm(owner, { key: await uploaded(owner) })).body;
    const path = `/campaigns/${owner.campaignId}/media/${mine._id}`;
    const pending = await uploaded(owner);
    for (const [method, route, body] of [
      [
        'POST',
        `/campaigns/${owner.campaignId}/media/uploads`,
        { fileName: 'a.png', contentType: 'image/png', size: 9 },
      ],
      ['POST', `/campaigns/${owner.campaignId}/media`, { key: pending }],
      ['PUT', path, { description: 'Hijacked' }],
      ['DELETE', path, undefined],
    ] as const) {
      const answer = await call(method, route, { token: stranger.token, body });
      expect(answer.status, `${method} ${route}`).toBe(404);
      expect(answer.body).toMatchObject({ code: 'CAMPAIGN_NOT_FOUND' });
    }
    // Another campaign's path cannot reach this asset either.
    const sideways = await call('DELETE', `/campaigns/${stranger.campaignId}/media/${mine._id}`, {
      token: stranger.token,
    });
    expect(sideways.body).toMatchObject({ code: 'MEDIA_NOT_FOUND' });
    expect(await exists(pending)).toBe(true);
    await thumbnailJobsDone(mine._id);
    expect(await keysUnder(assetPrefix(owner))).toEqual([
      `${assetPrefix(owner)}${mine._id}.png`,
      renditionKey(owner, mine._id),
      thumbnailKey(owner, mine._id),
    ]);
    expect((await assetItems(owner))[0]).toMatchObject({ description: '' });
  });
});

describe('what goes with a deleted campaign or company', () => {
  /** Deletes the campaign as the campaigns API does: the campaign, its pointer, its count. */
  const deleteCampaign = async (owner: Owner) => {
    const { campaigns, campaignRefs, campaignCounts } = await useSandboxTable();
    await campaigns.delete({ companyId: owner.companyId, campaignId: owner.campaignId }).go();
    await campaignRefs.delete({ campaignId: owner.campaignId }).go();
    await campaignCounts.update({ companyId: owner.companyId }).add({ draft: -1 }).go();
  };

  it("removes a deleted campaign's assets, files and pending uploads (campaign-cleanup), safely twice", async () => {
    const owner = await newOwner();
    const kept = { ...owner, campaignId: await seedCampaign(owner.companyId) };
    const keptAsset = (await confirm(kept, { key: await uploaded(kept) })).body;
    const image = (await confirm(owner, { key: await uploaded(owner) })).body;
    await confirm(owner, {
      key: await uploaded(owner, MP4, { fileName: 'a.mp4', contentType: 'video/mp4' }),
    });
    const pending = await uploaded(owner, JPEG, { fileName: 'b.jpg', contentType: 'image/jpeg' });
    // The image, its thumbnail and JPEG, the video.
    await thumbnailJobsDone(image._id);
    expect(await keysUnder(assetPrefix(owner))).toHaveLength(4);

    // Not while the campaign is there: the event cannot strip a live campaign.
    const live = await runJob('campaign-cleanup', {
      companyId: owner.companyId,
      campaignId: owner.campaignId,
    });
    expect(live.status).not.toBe('done');
    expect(await keysUnder(assetPrefix(owner))).toHaveLength(4);

    await deleteCampaign(owner);
    const event = { companyId: owner.companyId, campaignId: owner.campaignId };
    const outcome = await runJob('campaign-cleanup', event);
    expect(outcome).toMatchObject({
      status: 'done',
      result: { media: { objects: 5, assets: 2 } },
    });
    expect(await keysUnder(assetPrefix(owner))).toEqual([]);
    expect(await keysUnder(uploadPrefix(owner))).toEqual([]);
    expect(await exists(pending)).toBe(false);
    expect(await assetItems(owner)).toEqual([]);
    // A second delivery of the same event does nothing.
    expect(await runJob('campaign-cleanup', event)).toMatchObject({ status: 'duplicate' });
    // The company's other campaign keeps its media.
    expect((await fetch(keptAsset.url)).status).toBe(200);
    expect(await assetItems(kept)).toHaveLength(1);
  });

  it("removes a deleted company's media files and pending uploads (company-cleanup)", async () => {
    const owner = await newOwner();
    const second = { ...owner, campaignId: await seedCampaign(owner.companyId) };
    await confirm(owner, { key: await uploaded(owner) });
    await confirm(second, { key: await uploaded(second) });
    const pending = await uploaded(second);
    const neighbour = await newOwner();
    const neighbours = (await confirm(neighbour, { key: await uploaded(neighbour) })).body;

    const deleted = await call('DELETE', `/companies/${owner.companyId}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    // DELETE starts the job in the background; running it by name as well is safe.
    await runJob('company-cleanup', { companyId: owner.companyId });
    await expect
      .poll(async () => [
        ...(await keysUnder(`companies/${owner.companyId}/`)),
        ...(await keysUnder(`uploads/companies/${owner.companyId}/`)),
      ])
      .toEqual([]);
    expect(await exists(pending)).toBe(false);
    expect((await fetch(neighbours.url)).status).toBe(200);
  });
});
