import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { startLocalTable, type LocalTable } from '#test/support/local-table';
import { resetConfigForTests } from '#functions/core/config';
import { removeDeletedCompany } from '#functions/companies/company-cleanup';
import { campaignEntity } from '#functions/core/db/entities/campaign';
import { campaignCleanupEntity } from '#functions/core/db/entities/campaign-cleanup';
import { companyEntity } from '#functions/core/db/entities/company';
import { withEnvironment } from '#functions/core/environment';
import { logger } from '#functions/core/logger';
import { handler } from './handler';
import { seedCampaign, seedCompany } from '#test/support/seed';

/**
 * The sweeper against DynamoDB Local, with a fake of the sandbox's events service that does the
 * clean-up it is asked to start (what the company-cleanup job runs), as the sandbox would.
 */
describe('sweeper job', () => {
  let table: LocalTable;
  let events: FakeHttpService;
  let environment: Record<string, string>;
  let cleanups: Promise<unknown>[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    [table, events] = await Promise.all([
      startLocalTable(),
      startFakeHttpService((request) => {
        if (
          request.method === 'POST' &&
          request.url === '/_sandbox/api/jobs/company-cleanup/run?async=true'
        ) {
          const { companyId } = request.body as { companyId: string };
          cleanups.push(
            withEnvironment(environment, () => removeDeletedCompany(companyId, logger)),
          );
          return { status: 202 };
        }
        if (
          request.method === 'POST' &&
          request.url === '/_sandbox/api/jobs/campaign-cleanup/run?async=true'
        ) {
          return { status: 202 };
        }
        return { status: 404 };
      }),
    ]);
    environment = {
      ...table.env,
      APP_URL: 'http://localhost:3000',
      JWT_SECRET: 'k'.repeat(48),
      SANDBOX: 'true',
      SANDBOX_URL: events.origin,
    };
    Object.assign(process.env, environment);
    resetConfigForTests();
    logger.setLogLevel('SILENT');
  }, 60_000);
  beforeEach(() => {
    events.requests.length = 0;
    cleanups = [];
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await Promise.all([table?.stop(), events?.close()]);
  });

  const sweep = (event: unknown) => withEnvironment(environment, () => handler(event));
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const company = async (deletedAt?: string) => {
    const { companyId } = await seedCompany({ deletedAt });
    await seedCampaign(companyId, { campaignId: 'c-1' });
    return companyId;
  };
  const remains = async (companyId: string) =>
    (await campaignEntity().get({ companyId, campaignId: 'c-1' }).go({ consistent: true })).data !==
      null || (await companyEntity().get({ companyId }).go({ consistent: true })).data !== null;
  const startedFor = () =>
    events.requests.map((request) => (request.body as { companyId: string }).companyId);

  it('restarts clean-ups that never finished, leaves recent deletions to their own run, and acts once per tick', async () => {
    const lost = await company(minutesAgo(90));
    const recent = await company(minutesAgo(2));
    const live = await company();

    const tick = { time: new Date().toISOString() };
    const outcome = await sweep(tick);
    expect(outcome).toEqual({
      status: 'done',
      result: {
        companyCleanups: { started: 1, failed: 0 },
        campaignCleanups: { started: 0, failed: 0 },
        publishing: { slotted: 0, fired: 0, failedUnknown: 0, deferred: 0, done: 0 },
      },
    });
    expect(startedFor()).toEqual([lost]);
    expect(await Promise.all(cleanups)).toEqual([{ removedItems: 2 }]);
    expect(await remains(lost)).toBe(false);
    expect(await remains(recent)).toBe(true);
    expect(await remains(live)).toBe(true);

    // The same tick delivered again does nothing.
    events.requests.length = 0;
    expect(await sweep(tick)).toEqual({ status: 'duplicate' });
    expect(events.requests).toEqual([]);
  });

  it('runs every time when run by hand (no tick time), and has nothing to do once all is clean', async () => {
    const lost = await company(minutesAgo(30));
    expect(await sweep({})).toMatchObject({ result: { companyCleanups: { started: 1 } } });
    await Promise.all(cleanups);
    expect(await remains(lost)).toBe(false);

    expect(await sweep({})).toEqual({
      status: 'done',
      result: {
        companyCleanups: { started: 0, failed: 0 },
        campaignCleanups: { started: 0, failed: 0 },
        publishing: { slotted: 0, fired: 0, failedUnknown: 0, deferred: 0, done: 0 },
      },
    });
  });

  it('keeps going when one start fails, and tries it again at the next sweep', async () => {
    const first = await company(minutesAgo(45));
    const second = await company(minutesAgo(40));
    const answer = events.answer;
    events.answer = (request) =>
      (request.body as { companyId: string }).companyId === first
        ? { status: 500 }
        : answer(request);

    expect(await sweep({})).toMatchObject({
      result: { companyCleanups: { started: 1, failed: 1 } },
    });
    await Promise.all(cleanups);
    expect(await remains(second)).toBe(false);
    expect(await remains(first)).toBe(true);

    events.answer = answer;
    expect(await sweep({})).toMatchObject({
      result: { companyCleanups: { started: 1, failed: 0 } },
    });
    await Promise.all(cleanups);
    expect(await remains(first)).toBe(false);
  });

  it('restarts a campaign clean-up that never finished, and leaves a recent one to its own run', async () => {
    const companyId = randomUUID();
    const lostCampaign = randomUUID();
    await campaignCleanupEntity()
      .create({ companyId, campaignId: lostCampaign, deletedAt: minutesAgo(60) })
      .go();
    await campaignCleanupEntity()
      .create({ companyId, campaignId: randomUUID(), deletedAt: minutesAgo(1) })
      .go();

    expect(await sweep({})).toMatchObject({
      result: { campaignCleanups: { started: 1, failed: 0 } },
    });
    expect(
      events.requests
        .filter((request) => request.url.includes('/campaign-cleanup/'))
        .map((request) => request.body),
    ).toEqual([
      // The clean-up runs under the sweep's correlation id (a sweep started by hand: its key).
      { companyId, campaignId: lostCampaign, correlationId: expect.stringMatching(/^sweeper:/) },
    ]);
  });
});
