import { randomUUID } from 'node:crypto';
import {
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3Client as S3ClientType,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import type { Campaign, CampaignList } from '#shared/contract/campaigns';
import type { CompanyOverview } from '#shared/contract/companies';
import { CAMPAIGN_TEXTS, MAX_POSTING_TIMES, SCHEDULE_MESSAGES } from '#shared/domain/campaigns';
import { seedMediaAsset, setPaidTier, useSandboxTable } from './db';
import { call, registerUser, runJob, type ApiResult } from './http';
import { connectAccount } from './platforms-support';

/**
 * Campaigns through the API: every field and its validation, one company's campaigns for its
 * owner only, one page newest first with a counted total, status changes, and a deletion that
 * takes the campaign's media (items and S3 objects) with it through the campaign-cleanup job.
 */

const MEDIA_BUCKET = 'sailpost-media';

interface Owner {
  token: string;
  companyId: string;
}

type Fields = Record<string, string>;
type ErrorAnswer = { code: string; message: string; fields?: Fields };

/** An account with a company in Chicago time; X connected (LinkedIn too when asked). */
const newOwner = async ({ linkedin = false } = {}): Promise<Owner> => {
  const { token } = await registerUser();
  const company = await call<{ _id: string }>('POST', '/companies', {
    token,
    body: { name: 'Harbor Coffee', timeZone: 'America/Chicago' },
  });
  const owner = { token, companyId: company.body._id };
  await connectAccount(owner, 'twitter');
  if (linkedin) {
    await setPaidTier(owner.companyId, 'gold');
    await connectAccount(owner, 'linkedin');
  }
  return owner;
};

const create = (owner: Owner, fields: Record<string, unknown> = {}) =>
  call<Campaign>('POST', '/campaigns', {
    token: owner.token,
    body: {
      company: owner.companyId,
      name: 'Spring menu',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      ...fields,
    },
  });

const created = async (owner: Owner, fields: Record<string, unknown> = {}): Promise<Campaign> => {
  const result = await create(owner, fields);
  if (result.status !== 201) throw new Error(`not created: ${JSON.stringify(result.body)}`);
  return result.body;
};

const list = (owner: Owner, query = '') =>
  call<CampaignList>('GET', `/campaigns/company/${owner.companyId}${query}`, {
    token: owner.token,
  });

const refused = (result: ApiResult<unknown>) => result.body as ErrorAnswer;

describe('creating a campaign', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner({ linkedin: true });
  });

  it('fills the form defaults: a draft, personal storytelling, weekdays at 9:00 in the company’s zone', async () => {
    const result = await create(owner);
    expect(result.status).toBe(201);
    expect(result.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Spring menu',
      description: '',
      company: owner.companyId,
      // Date-only inputs are the start of that day in Chicago (CST, then CDT from March 8).
      startDate: '2026-03-01T06:00:00.000Z',
      endDate: '2026-03-31T05:00:00.000Z',
      status: 'draft',
      platforms: [],
      campaignIntention: 'personal-storytelling',
      contentSeeds: { brandVoice: '', keyMessages: [], contentInstructions: '', mediaAssets: [] },
      generatedContent: [],
      schedule: {
        timeZone: 'America/Chicago',
        days: ['mon', 'tue', 'wed', 'thu', 'fri'],
        times: ['09:00'],
        mode: 'fixed',
      },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const read = await call<Campaign>('GET', `/campaigns/${result.body._id}`, {
      token: owner.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(result.body);
  });

  it('stores every field: content seeds, platforms and a schedule in its own zone', async () => {
    const campaign = await created(owner, {
      name: '  Summer launch  ',
      description: 'Cold brew\nall summer',
      campaignIntention: 'product-launch',
      status: 'active',
      platforms: ['linkedin', 'twitter', 'twitter'],
      startDate: '2026-06-01',
      endDate: '2026-06-30T18:00:00.000Z',
      contentSeeds: {
        brandVoice: 'Warm',
        keyMessages: ['Fresh roast daily', '', '  Cold brew is back  '],
        contentInstructions: 'Short posts',
      },
      schedule: {
        timeZone: 'Europe/Berlin',
        days: ['fri', 'mon', 'wed', 'mon'],
        times: ['17:30', '09:00', '09:00'],
      },
    });
    expect(campaign).toMatchObject({
      name: 'Summer launch',
      description: 'Cold brew\nall summer',
      campaignIntention: 'product-launch',
      status: 'active',
      platforms: ['linkedin', 'twitter'],
      // The schedule's zone decides a date-only input (CEST, UTC+2); a full instant stays as sent.
      startDate: '2026-05-31T22:00:00.000Z',
      endDate: '2026-06-30T18:00:00.000Z',
      contentSeeds: {
        brandVoice: 'Warm',
        keyMessages: ['Fresh roast daily', 'Cold brew is back'],
        contentInstructions: 'Short posts',
        mediaAssets: [],
      },
      schedule: {
        timeZone: 'Europe/Berlin',
        days: ['mon', 'wed', 'fri'],
        times: ['09:00', '17:30'],
      },
    });
  });

  it.each([
    ['name missing', { name: undefined }, 'name', CAMPAIGN_TEXTS.nameRequired],
    ['name blank', { name: '   ' }, 'name', CAMPAIGN_TEXTS.nameRequired],
    [
      'name too long',
      { name: 'x'.repeat(101) },
      'name',
      'Campaign name must be at most 100 characters',
    ],
    ['company missing', { company: undefined }, 'company', CAMPAIGN_TEXTS.companyIdRequired],
    [
      'description too long',
      { description: 'x'.repeat(2001) },
      'description',
      'Description must be at most 2000 characters',
    ],
    [
      'intention blank',
      { campaignIntention: '' },
      'campaignIntention',
      CAMPAIGN_TEXTS.intentionRequired,
    ],
    [
      'intention unknown',
      { campaignIntention: 'viral' },
      'campaignIntention',
      'Choose a campaign intention from the list',
    ],
    [
      'status unknown',
      { status: 'archived' },
      'status',
      'Status must be draft, active, paused or completed',
    ],
    ['status blank', { status: '' }, 'status', CAMPAIGN_TEXTS.statusRequired],
    ['start missing', { startDate: undefined }, 'startDate', CAMPAIGN_TEXTS.startDateRequired],
    ['start blank', { startDate: '' }, 'startDate', CAMPAIGN_TEXTS.startDateRequired],
    ['start not a date', { startDate: '03/01/2026' }, 'startDate', 'Enter a date like 2026-03-01'],
    ['start no such day', { startDate: '2026-02-30' }, 'startDate', 'Enter a date like 2026-03-01'],
    ['end missing', { endDate: undefined }, 'endDate', CAMPAIGN_TEXTS.endDateRequired],
    [
      'end before start',
      { startDate: '2026-03-10', endDate: '2026-03-09' },
      'endDate',
      CAMPAIGN_TEXTS.endBeforeStart,
    ],
    [
      'platform unknown',
      { platforms: ['myspace'] },
      'platforms.0',
      'Choose platforms from the list',
    ],
    ['platforms not a list', { platforms: 'twitter' }, 'platforms', 'Platforms must be a list'],
    [
      'too many key messages',
      { contentSeeds: { keyMessages: Array.from({ length: 21 }, () => 'Hi') } },
      'contentSeeds.keyMessages',
      'At most 20 key messages',
    ],
    [
      'key message too long',
      { contentSeeds: { keyMessages: ['x'.repeat(501)] } },
      'contentSeeds.keyMessages.0',
      'Key message must be at most 500 characters',
    ],
    [
      'brand voice too long',
      { contentSeeds: { brandVoice: 'x'.repeat(2001) } },
      'contentSeeds.brandVoice',
      'Brand voice must be at most 2000 characters',
    ],
    [
      'instructions too long',
      { contentSeeds: { contentInstructions: 'x'.repeat(2001) } },
      'contentSeeds.contentInstructions',
      'Content instructions must be at most 2000 characters',
    ],
    [
      'media assets in the seeds',
      { contentSeeds: { mediaAssets: [] } },
      'contentSeeds.mediaAssets',
      'Unknown fields: mediaAssets',
    ],
    [
      'no posting day',
      { schedule: { days: [], times: ['09:00'] } },
      'schedule.days',
      SCHEDULE_MESSAGES.daysRequired,
    ],
    [
      'no such day',
      { schedule: { days: ['funday'], times: ['09:00'] } },
      'schedule.days.0',
      SCHEDULE_MESSAGES.dayUnknown,
    ],
    [
      'no posting time',
      { schedule: { days: ['mon'], times: [] } },
      'schedule.times',
      SCHEDULE_MESSAGES.timesRequired,
    ],
    [
      'a time of day that is not HH:mm',
      { schedule: { days: ['mon'], times: ['9am'] } },
      'schedule.times.0',
      SCHEDULE_MESSAGES.timeInvalid,
    ],
    [
      '24:00',
      { schedule: { days: ['mon'], times: ['24:00'] } },
      'schedule.times.0',
      SCHEDULE_MESSAGES.timeInvalid,
    ],
    [
      'too many times',
      {
        schedule: {
          days: ['mon'],
          times: ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00'],
        },
      },
      'schedule.times',
      SCHEDULE_MESSAGES.tooManyTimes,
    ],
    [
      'an unknown zone',
      { schedule: { timeZone: 'Mars/Olympus', days: ['mon'], times: ['09:00'] } },
      'schedule.timeZone',
      'Choose a time zone from the list',
    ],
    ['an unknown field', { surprise: true }, 'surprise', 'These fields cannot be set: surprise'],
    [
      'generated content',
      { generatedContent: [] },
      'generatedContent',
      'These fields cannot be set: generatedContent',
    ],
  ] as const)('refuses %s with the field’s message', async (_, fields, field, message) => {
    const result = await create(owner, fields);
    expect(result.status, JSON.stringify(result.body)).toBe(400);
    expect(refused(result)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(refused(result).fields?.[field], JSON.stringify(result.body)).toBe(message);
  });

  it(`takes ${MAX_POSTING_TIMES} posting times a day, repeats counted once`, async () => {
    const times = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '13:00'];
    const campaign = await created(owner, { schedule: { days: ['sun'], times } });
    expect(campaign.schedule.times).toEqual(times.slice(0, 6));
  });

  it('takes only platforms the company has connected', async () => {
    const xOnly = await newOwner();
    for (const platforms of [['linkedin'], ['twitter', 'linkedin'], ['facebook']]) {
      const result = await create(xOnly, { platforms });
      expect(result.status).toBe(409);
      expect(refused(result).code).toBe('PLATFORM_NOT_CONNECTED');
      expect(refused(result).fields?.platforms).toMatch(/^Connect .+ before adding/);
    }
    expect((await create(xOnly, { platforms: ['twitter'] })).status).toBe(201);
  });

  it('is refused for a company that is not the caller’s, or none, as if it did not exist', async () => {
    const stranger = await registerUser();
    const theirs = await call('POST', '/campaigns', {
      token: stranger.token,
      body: {
        company: owner.companyId,
        name: 'Hijack',
        startDate: '2026-03-01',
        endDate: '2026-03-02',
      },
    });
    expect(theirs.status).toBe(404);
    expect(refused(theirs).code).toBe('COMPANY_NOT_FOUND');
    const nobody = await create(owner, { company: randomUUID() });
    expect(nobody.status).toBe(404);
    expect(refused(nobody).code).toBe('COMPANY_NOT_FOUND');
  });
});

describe('changing a campaign', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await newOwner();
  });

  it('changes the fields sent and keeps the others; dates follow the campaign’s zone', async () => {
    const campaign = await created(owner, {
      description: 'Before',
      contentSeeds: { brandVoice: 'Warm', keyMessages: ['One'], contentInstructions: '' },
    });
    const updated = await call<Campaign>('PUT', `/campaigns/${campaign._id}`, {
      token: owner.token,
      body: {
        name: 'Spring menu, revised',
        endDate: '2026-04-15',
        platforms: ['twitter'],
        schedule: { days: ['sat'], times: ['10:15'] },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      _id: campaign._id,
      name: 'Spring menu, revised',
      description: 'Before',
      startDate: campaign.startDate,
      endDate: '2026-04-15T05:00:00.000Z',
      platforms: ['twitter'],
      contentSeeds: { brandVoice: 'Warm', keyMessages: ['One'] },
      // The zone was not sent: the campaign keeps its own.
      schedule: { timeZone: 'America/Chicago', days: ['sat'], times: ['10:15'] },
    });
    expect(updated.body.updatedAt >= campaign.updatedAt).toBe(true);

    // A new zone moves the wall-clock schedule, not the stored dates.
    const moved = await call<Campaign>('PUT', `/campaigns/${campaign._id}`, {
      token: owner.token,
      body: { schedule: { timeZone: 'Asia/Tokyo', days: ['sat'], times: ['10:15'] } },
    });
    expect(moved.body.startDate).toBe(campaign.startDate);
    expect(moved.body.schedule.timeZone).toBe('Asia/Tokyo');
    // …and a date sent afterwards is a day in Tokyo.
    const redated = await call<Campaign>('PUT', `/campaigns/${campaign._id}`, {
      token: owner.token,
      body: { startDate: '2026-03-05' },
    });
    expect(redated.body.startDate).toBe('2026-03-04T15:00:00.000Z');
  });

  it('refuses an end before the stored start, the company, and unknown fields', async () => {
    const campaign = await created(owner);
    for (const [body, field, message] of [
      [{ endDate: '2026-02-01' }, 'endDate', CAMPAIGN_TEXTS.endBeforeStart],
      [{ startDate: '2026-04-02' }, 'endDate', CAMPAIGN_TEXTS.endBeforeStart],
      [{ company: randomUUID() }, 'company', 'These fields cannot be changed: company'],
      [{ name: '' }, 'name', CAMPAIGN_TEXTS.nameRequired],
      [{ schedule: { days: ['mon'] } }, 'schedule.times', SCHEDULE_MESSAGES.timesRequired],
    ] as const) {
      const result = await call('PUT', `/campaigns/${campaign._id}`, { token: owner.token, body });
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(refused(result).fields?.[field]).toBe(message);
    }
    const linkedin = await call('PUT', `/campaigns/${campaign._id}`, {
      token: owner.token,
      body: { platforms: ['linkedin'] },
    });
    expect(linkedin.status).toBe(409);
    expect(refused(linkedin).code).toBe('PLATFORM_NOT_CONNECTED');
    const read = await call<Campaign>('GET', `/campaigns/${campaign._id}`, { token: owner.token });
    expect(read.body).toEqual(campaign);
  });

  it('changes only the status through PATCH, and the counts move with it', async () => {
    const solo = await newOwner();
    const campaign = await created(solo);
    const patched = await call<Campaign>('PATCH', `/campaigns/${campaign._id}/status`, {
      token: solo.token,
      body: { status: 'active' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'active', name: campaign.name });
    // PUT may change the status too.
    await call('PUT', `/campaigns/${campaign._id}`, {
      token: solo.token,
      body: { status: 'paused' },
    });
    const paused = await list(solo, '?status=paused');
    expect(paused.body.total).toBe(1);
    expect((await list(solo, '?status=active')).body.total).toBe(0);
    expect((await list(solo)).body.total).toBe(1);

    const bad = await call('PATCH', `/campaigns/${campaign._id}/status`, {
      token: solo.token,
      body: { status: 'archived' },
    });
    expect(bad.status).toBe(400);
    expect(refused(bad).fields?.status).toBe('Status must be draft, active, paused or completed');
  });
});

describe('the campaign list', () => {
  let owner: Owner;
  let names: string[];
  beforeAll(async () => {
    owner = await newOwner();
    names = [];
    for (let index = 1; index <= 12; index++) {
      const name = `Campaign ${String(index).padStart(2, '0')}`;
      await created(owner, { name, status: index % 3 === 0 ? 'active' : 'draft' });
      names.push(name);
    }
  }, 60_000);

  it('answers the first 10, newest first, with the total from the counter', async () => {
    const page = await list(owner);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 12, skip: 0, limit: 10 });
    expect(page.body.data.map((c) => c.name)).toEqual([...names].reverse().slice(0, 10));
    expect(page.body.nextCursor).toEqual(expect.any(String));
    expect(page.body.data[0]).toMatchObject({ mediaCount: 0, company: owner.companyId });
    expect(page.body.data[0]).not.toHaveProperty('generatedContent');
  });

  it('skips, and says when there is no next page', async () => {
    const rest = await list(owner, '?skip=10&limit=10');
    expect(rest.body).toMatchObject({ total: 12, skip: 10, limit: 10, nextCursor: null });
    expect(rest.body.data.map((c) => c.name)).toEqual(['Campaign 02', 'Campaign 01']);
    const past = await list(owner, '?skip=50');
    expect(past.body).toMatchObject({ data: [], total: 12, nextCursor: null });
  });

  it('walks every campaign once by cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResult<CampaignList> = await list(
        owner,
        `?limit=5${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((c) => c.name));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...names].reverse());
  });

  it('narrows to one status, total included', async () => {
    const active = await list(owner, '?status=active&limit=3');
    expect(active.body.total).toBe(4);
    expect(active.body.data.map((c) => c.name)).toEqual([
      'Campaign 12',
      'Campaign 09',
      'Campaign 06',
    ]);
    const next = await list(owner, `?status=active&limit=3&cursor=${active.body.nextCursor}`);
    expect(next.body.data.map((c) => c.name)).toEqual(['Campaign 03']);
    expect(next.body.nextCursor).toBeNull();
  });

  it('refuses a cursor of another list, and one that is no cursor', async () => {
    const other = await newOwner();
    await created(other);
    await created(other);
    const theirs = (await list(other, '?limit=1')).body.nextCursor!;
    const mine = (await list(owner, '?limit=1')).body.nextCursor!;
    for (const query of [
      `?cursor=${theirs}`,
      `?cursor=${mine}&status=active`,
      '?cursor=not-a-cursor',
      `?cursor=${Buffer.from('{"pk":"x"}').toString('base64url')}`,
    ]) {
      const result = await list(owner, query);
      expect(result.status, query).toBe(400);
      expect(refused(result).fields?.cursor, query).toBeTruthy();
    }
    for (const query of ['?limit=0', '?limit=101', '?skip=-1', '?skip=1001', '?status=archived']) {
      expect((await list(owner, query)).status, query).toBe(400);
    }
  });
});

describe('a campaign is its company owner’s alone', () => {
  it('answers everyone else 404, as for a campaign that does not exist', async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    const campaign = await created(owner);
    const calls = [
      ['GET', `/campaigns/${campaign._id}`, undefined],
      ['PUT', `/campaigns/${campaign._id}`, { name: 'Hijacked' }],
      ['PATCH', `/campaigns/${campaign._id}/status`, { status: 'paused' }],
      ['DELETE', `/campaigns/${campaign._id}`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const result = await call(method, path, { token: stranger.token, body });
      expect(result.status, `${method} ${path}`).toBe(404);
      expect(refused(result)).toMatchObject({
        code: 'CAMPAIGN_NOT_FOUND',
        message: 'Campaign not found',
      });
      const missing = await call(method, path.replace(campaign._id, randomUUID()), {
        token: owner.token,
        body,
      });
      expect(missing.status).toBe(404);
      expect(refused(missing).code).toBe('CAMPAIGN_NOT_FOUND');
    }
    expect((await list(owner)).body.total).toBe(1);
    const read = await call<Campaign>('GET', `/campaigns/${campaign._id}`, { token: owner.token });
    expect(read.body).toEqual(campaign);
    expect((await list(stranger)).body.total).toBe(0);
    const theirList = await call('GET', `/campaigns/company/${owner.companyId}`, {
      token: stranger.token,
    });
    expect(theirList.status).toBe(404);
    expect(refused(theirList).code).toBe('COMPANY_NOT_FOUND');
  });
});

describe('deleting a campaign', () => {
  let s3: S3ClientType;
  beforeAll(() => {
    s3 = new S3Client({
      endpoint: inject('s3Endpoint'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  });
  afterAll(() => s3.destroy());

  const putObject = (key: string) =>
    s3.send(
      new PutObjectCommand({
        Bucket: MEDIA_BUCKET,
        Key: key,
        Body: new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]),
        ContentType: 'image/jpeg',
      }),
    );
  const objectsUnder = async (prefix: string) =>
    (
      (await s3.send(new ListObjectsV2Command({ Bucket: MEDIA_BUCKET, Prefix: prefix })))
        .Contents ?? []
    ).map((object) => object.Key);
  const prefixOf = (companyId: string, campaignId: string) =>
    `companies/${companyId}/campaigns/${campaignId}/`;

  it('removes it at once, then its media items, files and posts through the clean-up job', async () => {
    const owner = await newOwner();
    const doomed = await created(owner, { status: 'active' });
    const kept = await created(owner);
    const { mediaAssets, content } = await useSandboxTable();
    const postsOf = async (campaignId: string) =>
      (
        await content.query
          .byCampaign({ companyId: owner.companyId, campaignId })
          .go({ consistent: true })
      ).data;
    for (const campaign of [doomed, kept]) {
      for (let index = 0; index < 2; index++) {
        const mediaId = await seedMediaAsset(owner.companyId, campaign._id);
        await putObject(`${prefixOf(owner.companyId, campaign._id)}${mediaId}.jpg`);
        await content
          .create({
            companyId: owner.companyId,
            campaignId: campaign._id,
            contentId: randomUUID(),
            platform: 'twitter',
            content: `Post ${index + 1}`,
            generation: { source: 'offline' },
          })
          .go();
      }
    }
    // An upload never confirmed is under the prefix too.
    await putObject(`${prefixOf(owner.companyId, doomed._id)}${randomUUID()}.png`);

    const withMedia = await call<Campaign>('GET', `/campaigns/${doomed._id}`, {
      token: owner.token,
    });
    expect(withMedia.body.contentSeeds.mediaAssets).toHaveLength(2);
    expect(withMedia.body.contentSeeds.mediaAssets[0]).toMatchObject({
      type: 'image',
      usage: 'primary',
      contentType: 'image/jpeg',
      thumbnailUrl: null,
    });
    const image = await fetch(withMedia.body.contentSeeds.mediaAssets[0]!.url);
    expect(image.status).toBe(200);
    // Two reads in the same hour answer the same links (the browser's cache keeps the image).
    expect((await call('GET', `/campaigns/${doomed._id}`, { token: owner.token })).body).toEqual(
      withMedia.body,
    );

    const deleted = await call('DELETE', `/campaigns/${doomed._id}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Campaign deleted successfully' });
    expect((await call('GET', `/campaigns/${doomed._id}`, { token: owner.token })).status).toBe(
      404,
    );
    const again = await call('DELETE', `/campaigns/${doomed._id}`, { token: owner.token });
    expect(again.status).toBe(404);
    expect(await list(owner)).toMatchObject({ body: { total: 1 } });
    expect((await list(owner, '?status=active')).body.total).toBe(0);

    // The job DELETE started removes the rest.
    await vi.waitFor(
      async () => {
        expect(await objectsUnder(prefixOf(owner.companyId, doomed._id))).toEqual([]);
        const left = await mediaAssets.query
          .byCampaign({ companyId: owner.companyId, campaignId: doomed._id })
          .go({ consistent: true });
        expect(left.data).toEqual([]);
        expect(await postsOf(doomed._id)).toEqual([]);
      },
      { timeout: 15_000, interval: 200 },
    );
    // Nothing of the other campaign went.
    expect(await objectsUnder(prefixOf(owner.companyId, kept._id))).toHaveLength(2);
    expect(await postsOf(kept._id)).toHaveLength(2);
    const keptRead = await call<Campaign>('GET', `/campaigns/${kept._id}`, { token: owner.token });
    expect(keptRead.body.contentSeeds.mediaAssets).toHaveLength(2);

    // A second delivery is harmless; the job refuses a live campaign.
    expect(
      await runJob('campaign-cleanup', { companyId: owner.companyId, campaignId: doomed._id }),
    ).toMatchObject({ status: 'duplicate' });
    expect(
      await runJob('campaign-cleanup', { companyId: owner.companyId, campaignId: kept._id }),
    ).toMatchObject({ status: 'failed' });
    expect(await objectsUnder(prefixOf(owner.companyId, kept._id))).toHaveLength(2);
  });

  it('leaves no marker once the clean-up is done (the sweeper has nothing to restart)', async () => {
    const owner = await newOwner();
    const campaign = await created(owner);
    await call('DELETE', `/campaigns/${campaign._id}`, { token: owner.token });
    const { campaignRefs, campaignCleanups: markers } = await useSandboxTable();
    expect(
      (await campaignRefs.get({ campaignId: campaign._id }).go({ consistent: true })).data,
    ).toBeNull();
    await vi.waitFor(
      async () =>
        expect(
          (
            await markers
              .get({ companyId: owner.companyId, campaignId: campaign._id })
              .go({ consistent: true })
          ).data,
        ).toBeNull(),
      { timeout: 15_000, interval: 200 },
    );
  });
});

describe('the company overview', () => {
  const overview = (owner: Owner) =>
    call<CompanyOverview>('GET', `/companies/${owner.companyId}/overview`, { token: owner.token });

  it('counts campaigns and shows Recent Activity: active campaigns, else drafts, else accounts', async () => {
    const owner = await newOwner();
    const first = await overview(owner);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      company: { _id: owner.companyId, name: 'Harbor Coffee' },
      campaigns: { total: 0, active: 0, draft: 0, paused: 0, completed: 0 },
      connectedPlatforms: [{ platform: 'twitter', needsReconnection: false }],
      recentActivity: [
        { kind: 'platform', text: 'Connected X (Twitter) account', date: expect.any(String) },
      ],
    });

    const draft = await created(owner, { name: 'Quiet draft' });
    expect((await overview(owner)).body.recentActivity).toEqual([
      {
        id: draft._id,
        kind: 'campaign-draft',
        text: 'Campaign "Quiet draft" is in draft',
        date: null,
      },
    ]);

    for (const name of ['One', 'Two', 'Three', 'Four'])
      await created(owner, { name, status: 'active' });
    await created(owner, { name: 'Done', status: 'completed' });
    const busy = await overview(owner);
    expect(busy.body.campaigns).toEqual({ total: 6, active: 4, draft: 1, paused: 0, completed: 1 });
    expect(busy.body.recentActivity.map((item) => item.text)).toEqual([
      'Campaign "Four" is active',
      'Campaign "Three" is active',
      'Campaign "Two" is active',
    ]);
  });

  it('is the owner’s alone', async () => {
    const owner = await newOwner();
    const stranger = await registerUser();
    const result = await call('GET', `/companies/${owner.companyId}/overview`, {
      token: stranger.token,
    });
    expect(result.status).toBe(404);
    expect(refused(result).code).toBe('COMPANY_NOT_FOUND');
  });
});
