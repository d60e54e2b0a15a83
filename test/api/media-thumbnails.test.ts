import { createJimp } from '@jimp/core';
import jpeg from '@jimp/js-jpeg';
import png from '@jimp/js-png';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Campaign } from '#shared/contract/campaigns';
import type { CampaignMediaUpload, MediaAsset } from '#shared/contract/media';
import { MEDIA_BUCKET } from '#infra/sandbox/function-environment';
import { forgetJobRun, jobRunStatus, seedCampaign, useSandboxTable } from './db';
import { call, registerUser, runJob, uploadTo } from './http';

/**
 * Thumbnails of campaign images through the real HTTP API, the sandbox's S3 emulator and the
 * media-thumbnail job: the confirmation starts the job, the job writes a 480-px JPEG beside the
 * image and records it, the campaign answers its link — and nothing is left behind when the
 * image, or its campaign, goes.
 */

interface Owner {
  token: string;
  companyId: string;
  campaignId: string;
}

const Jimp = createJimp({ formats: [png, jpeg] });

const s3 = new S3Client({
  endpoint: inject('s3Endpoint'),
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => s3.destroy());

const keysUnder = async (prefix: string): Promise<string[]> => {
  const { Contents } = await s3.send(
    new ListObjectsV2Command({ Bucket: MEDIA_BUCKET, Prefix: prefix }),
  );
  return (Contents ?? []).map((object) => object.Key!).sort();
};

const head = (key: string) => s3.send(new HeadObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }));

const assetPrefix = (owner: Owner) => `companies/${owner.companyId}/campaigns/${owner.campaignId}/`;
const thumbnailKeyOf = (owner: Owner, mediaId: string) =>
  `${assetPrefix(owner)}thumbnails/${mediaId}.jpg`;
const renditionKeyOf = (owner: Owner, mediaId: string) =>
  `${assetPrefix(owner)}renditions/${mediaId}.jpg`;

/** A 1200×800 PNG with a picture in it (a gradient, red growing left to right). */
const photoPng = async (width = 1200, height = 800): Promise<Uint8Array> => {
  const image = new Jimp({ width, height, color: 0xffffffff });
  const { data } = image.bitmap;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      data[at] = Math.floor((x * 255) / width);
      data[at + 1] = Math.floor((y * 255) / height);
      data[at + 2] = 90;
    }
  }
  return new Uint8Array(await image.getBuffer('image/png'));
};

/** A PNG's signature and header (a valid 640×480 IHDR), then garbage: passes the sniff, decodes to nothing. */
const corruptPng = async (): Promise<Uint8Array> => {
  const valid = await photoPng(640, 480);
  const corrupt = new Uint8Array(4096);
  corrupt.set(valid.subarray(0, 33));
  for (let at = 33; at < corrupt.length; at++) corrupt[at] = (at * 7919) & 0xff;
  return corrupt;
};

const newOwner = async (): Promise<Owner> => {
  const { token } = await registerUser();
  const company = await call<{ _id: string }>('POST', '/companies', {
    token,
    body: { name: 'Harbor Coffee' },
  });
  expect(company.status).toBe(201);
  const campaignId = await seedCampaign(company.body._id, { name: 'Spring menu' });
  return { token, companyId: company.body._id, campaignId };
};

/** Uploads the bytes as the browser does and confirms them: answers the asset. */
const confirmed = async (owner: Owner, bytes: Uint8Array, fileName = 'menu.png') => {
  const upload = await call<CampaignMediaUpload>(
    'POST',
    `/campaigns/${owner.campaignId}/media/uploads`,
    { token: owner.token, body: { fileName, contentType: 'image/png', size: bytes.length } },
  );
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  expect((await uploadTo(upload.body, bytes)).status).toBe(204);
  const asset = await call<MediaAsset>('POST', `/campaigns/${owner.campaignId}/media`, {
    token: owner.token,
    body: { key: upload.body.key },
  });
  expect(asset.status, JSON.stringify(asset.body)).toBe(201);
  return asset.body;
};

/** The campaign's media as GET /campaigns/{id} answers it. */
const campaignMedia = async (owner: Owner): Promise<MediaAsset[]> => {
  const campaign = await call<Campaign>('GET', `/campaigns/${owner.campaignId}`, {
    token: owner.token,
  });
  expect(campaign.status).toBe(200);
  return campaign.body.contentSeeds.mediaAssets;
};

const eventOf = (owner: Owner, mediaId: string) => ({
  companyId: owner.companyId,
  campaignId: owner.campaignId,
  mediaId,
});

/**
 * Waits for the run the confirmation started in the background to finish for good (`done`): a run
 * that failed gives its claim back, so a job that throws never gets there.
 */
const thumbnailJobDone = (mediaId: string) =>
  expect
    .poll(() => jobRunStatus('media-thumbnail', mediaId), { timeout: 20_000, interval: 100 })
    .toBe('done');

describe('thumbnails of campaign images', () => {
  it('makes a 480×320 JPEG of a 1200×800 PNG beside it, and the campaign answers its link', async () => {
    const owner = await newOwner();
    const asset = await confirmed(owner, await photoPng());
    // The confirmation answers at once; the job works after it.
    expect(asset.thumbnailUrl).toBeNull();

    // Running it by name as well is safe: it runs, or finds the background run's claim.
    const run = await runJob('media-thumbnail', eventOf(owner, asset._id));
    expect(['done', 'duplicate']).toContain(run.status);
    await thumbnailJobDone(asset._id);

    const [listed] = await campaignMedia(owner);
    expect(listed).toMatchObject({ _id: asset._id, url: expect.any(String) });
    expect(listed!.thumbnailUrl).toEqual(expect.any(String));
    expect(listed!.thumbnailUrl).not.toBe(listed!.url);
    const thumbnail = await fetch(listed!.thumbnailUrl!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const image = await Jimp.fromBuffer(Buffer.from(await thumbnail.arrayBuffer()));
    expect(image.mime).toBe('image/jpeg');
    expect([image.width, image.height]).toEqual([480, 320]);
    // The picture, not a blank: red grows from left to right.
    expect(
      (image.getPixelColor(470, 160) >>> 24) - (image.getPixelColor(10, 160) >>> 24),
    ).toBeGreaterThan(180);
    // The full image is untouched.
    const full = await Jimp.fromBuffer(Buffer.from(await (await fetch(listed!.url)).arrayBuffer()));
    expect([full.width, full.height]).toEqual([1200, 800]);

    // Beside the image, under the campaign's prefix (which the clean-ups delete), with the
    // full-size JPEG rendition a platform that publishes JPEG only is given instead of the PNG.
    expect(await keysUnder(assetPrefix(owner))).toEqual([
      `${assetPrefix(owner)}${asset._id}.png`,
      renditionKeyOf(owner, asset._id),
      thumbnailKeyOf(owner, asset._id),
    ]);
    expect((await head(renditionKeyOf(owner, asset._id))).ContentType).toBe('image/jpeg');
    const { Body } = await s3.send(
      new GetObjectCommand({ Bucket: MEDIA_BUCKET, Key: renditionKeyOf(owner, asset._id) }),
    );
    const renditionBytes = Buffer.from(await Body!.transformToByteArray());
    expect([...renditionBytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const rendition = await Jimp.fromBuffer(renditionBytes);
    expect(rendition.mime).toBe('image/jpeg');
    expect([rendition.width, rendition.height]).toEqual([1200, 800]);
    expect(
      (rendition.getPixelColor(1180, 400) >>> 24) - (rendition.getPixelColor(20, 400) >>> 24),
    ).toBeGreaterThan(180);
  });

  it('changes nothing when run again: once delivered twice, once after its claim is gone', async () => {
    const owner = await newOwner();
    const asset = await confirmed(owner, await photoPng());
    await thumbnailJobDone(asset._id);
    const { mediaAssets } = await useSandboxTable();
    const key = { companyId: owner.companyId, campaignId: owner.campaignId, mediaId: asset._id };
    const before = {
      object: await head(thumbnailKeyOf(owner, asset._id)),
      item: (await mediaAssets.get(key).go({ consistent: true })).data,
      media: await campaignMedia(owner),
    };
    expect(before.item?.thumbnailKey).toBe(thumbnailKeyOf(owner, asset._id));

    expect(await runJob('media-thumbnail', eventOf(owner, asset._id))).toEqual({
      status: 'duplicate',
    });
    await forgetJobRun('media-thumbnail', asset._id);
    expect(await runJob('media-thumbnail', eventOf(owner, asset._id))).toEqual({
      status: 'done',
      result: { thumbnail: 'exists', key: thumbnailKeyOf(owner, asset._id) },
    });

    const after = await head(thumbnailKeyOf(owner, asset._id));
    expect(after.ETag).toBe(before.object.ETag);
    expect(after.LastModified).toEqual(before.object.LastModified);
    expect((await mediaAssets.get(key).go({ consistent: true })).data).toEqual(before.item);
    expect(await campaignMedia(owner)).toEqual(before.media);
    expect(await keysUnder(assetPrefix(owner))).toHaveLength(3);
  });

  it('makes the same thumbnail at the same key when a run died before recording it', async () => {
    const owner = await newOwner();
    const asset = await confirmed(owner, await photoPng());
    await thumbnailJobDone(asset._id);
    const { mediaAssets } = await useSandboxTable();
    const key = { companyId: owner.companyId, campaignId: owner.campaignId, mediaId: asset._id };
    // As if the run had written the thumbnail and stopped before recording it.
    await mediaAssets.patch(key).remove(['thumbnailKey']).go();
    expect((await campaignMedia(owner))[0]?.thumbnailUrl).toBeNull();

    await forgetJobRun('media-thumbnail', asset._id);
    expect(await runJob('media-thumbnail', eventOf(owner, asset._id))).toEqual({
      status: 'done',
      result: {
        thumbnail: 'made',
        key: thumbnailKeyOf(owner, asset._id),
        width: 480,
        height: 320,
      },
    });
    // Overwritten, not added to.
    expect(await keysUnder(assetPrefix(owner))).toEqual([
      `${assetPrefix(owner)}${asset._id}.png`,
      renditionKeyOf(owner, asset._id),
      thumbnailKeyOf(owner, asset._id),
    ]);
    expect((await campaignMedia(owner))[0]?.thumbnailUrl).toEqual(expect.any(String));
  });

  it('finishes without a thumbnail for a corrupt image, whose file still shows', async () => {
    const owner = await newOwner();
    const bytes = await corruptPng();
    const asset = await confirmed(owner, bytes, 'broken.png');
    expect(asset).toMatchObject({ type: 'image', contentType: 'image/png' });
    // Done, not failed: a failed run would give its claim back for a retry.
    await thumbnailJobDone(asset._id);

    const [listed] = await campaignMedia(owner);
    expect(listed?.thumbnailUrl).toBeNull();
    const file = await fetch(listed!.url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(await keysUnder(assetPrefix(owner))).toEqual([`${assetPrefix(owner)}${asset._id}.png`]);

    await forgetJobRun('media-thumbnail', asset._id);
    expect(await runJob('media-thumbnail', eventOf(owner, asset._id))).toMatchObject({
      status: 'done',
      result: { thumbnail: 'unusable', reason: expect.stringMatching(/cannot be decoded/) },
    });
  });

  it('deletes the thumbnail and the rendition with its image', async () => {
    const owner = await newOwner();
    const asset = await confirmed(owner, await photoPng());
    await thumbnailJobDone(asset._id);
    const [listed] = await campaignMedia(owner);
    expect((await fetch(listed!.thumbnailUrl!)).status).toBe(200);

    const removed = await call('DELETE', `/campaigns/${owner.campaignId}/media/${asset._id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(await keysUnder(assetPrefix(owner))).toEqual([]);
    expect((await fetch(listed!.thumbnailUrl!)).status).toBe(404);
    expect((await fetch(listed!.url)).status).toBe(404);
  });

  it('leaves no thumbnail behind when the campaign is deleted (its clean-up)', async () => {
    const owner = await newOwner();
    const asset = await confirmed(owner, await photoPng());
    await thumbnailJobDone(asset._id);
    expect(await keysUnder(assetPrefix(owner))).toHaveLength(3);

    const deleted = await call('DELETE', `/campaigns/${owner.campaignId}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    // DELETE starts the clean-up in the background; running it by name as well is safe.
    await runJob('campaign-cleanup', { companyId: owner.companyId, campaignId: owner.campaignId });
    await expect.poll(() => keysUnder(assetPrefix(owner)), { timeout: 10_000 }).toEqual([]);
  });

  it('deletes a thumbnail it made for a campaign deleted meanwhile', async () => {
    const owner = await newOwner();
    const asset = await confirmed(owner, await photoPng());
    await thumbnailJobDone(asset._id);
    const { mediaAssets, campaigns } = await useSandboxTable();
    const key = { companyId: owner.companyId, campaignId: owner.campaignId, mediaId: asset._id };
    // The moment between the campaign's deletion and its clean-up: the campaign is gone, its
    // asset and file are still there, and a (redelivered) run of the job finds no thumbnail yet.
    await mediaAssets.patch(key).remove(['thumbnailKey']).go();
    for (const made of [thumbnailKeyOf(owner, asset._id), renditionKeyOf(owner, asset._id)]) {
      await s3.send(new DeleteObjectCommand({ Bucket: MEDIA_BUCKET, Key: made }));
    }
    await campaigns.delete({ companyId: owner.companyId, campaignId: owner.campaignId }).go();

    await forgetJobRun('media-thumbnail', asset._id);
    expect(await runJob('media-thumbnail', eventOf(owner, asset._id))).toEqual({
      status: 'done',
      result: { thumbnail: 'gone' },
    });
    // Made, then deleted again: the clean-up, which may already have run, would not find it.
    expect(await keysUnder(assetPrefix(owner))).toEqual([`${assetPrefix(owner)}${asset._id}.png`]);
    expect(
      (await mediaAssets.get(key).go({ consistent: true })).data?.thumbnailKey,
    ).toBeUndefined();
  });
});
