import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyBody } from '#shared/contract/companies';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { startLocalTable, type LocalTable } from '#test/support/local-table';
import { resetConfigForTests } from '../core/config';
import { db, tableName } from '../core/db/client';
import { campaignEntity } from '../core/db/entities/campaign';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import { counterEntity } from '../core/db/entities/counter';
import { platformCredentialEntity } from '../core/db/entities/platform-credential';
import { withEnvironment } from '../core/environment';
import { Invalid, NotFound } from '../core/errors';
import { logger } from '../core/logger';
import { createCompany, deleteCompany, listCompanies } from './companies';
import { findUnfinishedCleanups, removeDeletedCompany } from './company-cleanup';
import { seedCampaign, seedCompany } from '#test/support/seed';

/** Deleting a company and cleaning up after it, against DynamoDB Local. */
describe('deleting a company', () => {
  let table: LocalTable;
  let events: FakeHttpService;
  let environment: Record<string, string>;
  const saved = { ...process.env };

  beforeAll(async () => {
    [table, events] = await Promise.all([
      startLocalTable(),
      startFakeHttpService(() => ({ status: 202 })),
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
    events.answer = () => ({ status: 202 });
  });
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await Promise.all([table?.stop(), events?.close()]);
  });

  const inSandbox = <T>(run: () => Promise<T>) => withEnvironment(environment, run);

  const companyCount = async (userId: string) =>
    (
      await counterEntity()
        .get({ name: `companies#${userId}` })
        .go({ consistent: true })
    ).data?.total;

  const partition = async (companyId: string) => {
    const { Key } = companyEntity().get({ companyId }).params<{ Key: { pk: string } }>();
    const { Items } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Key.pk },
        ConsistentRead: true,
      }),
    );
    return Items ?? [];
  };

  /** A company with `campaigns` campaigns and one platform credential, created directly. */
  const companyWithItems = async (
    campaigns: number,
    extra: Partial<CompanyRecord> = {},
  ): Promise<CompanyRecord> => {
    const company = await seedCompany(extra);
    const { companyId } = company;
    await Promise.all(
      Array.from({ length: campaigns }, (_, index) =>
        seedCampaign(companyId, { campaignId: `campaign-${index}`, name: `Campaign ${index}` }),
      ),
    );
    await platformCredentialEntity()
      .create({
        companyId,
        credentialId: randomUUID(),
        platform: 'twitter',
        accountId: '1234',
        handle: '@harbor',
      })
      .go();
    return company;
  };

  it('marks the company deleted, frees its place in the limit and starts the clean-up — once', async () => {
    const userId = randomUUID();
    const company = await inSandbox(() =>
      createCompany(userId, createCompanyBody.parse({ name: 'Doomed' })),
    );
    const kept = await companyWithItems(0, { userId });
    expect(await companyCount(userId)).toBe(1);

    await inSandbox(() => deleteCompany(company));

    const { data: marked } = await companyEntity().get({ companyId: company.companyId }).go();
    expect(marked?.deletedAt).toEqual(expect.any(String));
    expect((await listCompanies(userId)).map((c) => c.companyId)).toEqual([kept.companyId]);
    expect(await companyCount(userId)).toBe(0);
    expect(events.requests.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/_sandbox/api/jobs/company-cleanup/run?async=true',
        body: { companyId: company.companyId },
      },
    ]);

    // Another DELETE (a retry, a second tab) finds nothing to delete and frees nothing.
    await expect(inSandbox(() => deleteCompany(company))).rejects.toBeInstanceOf(NotFound);
    expect(await companyCount(userId)).toBe(0);
    expect(events.requests).toHaveLength(1);
  });

  it('counts a deleted company once even when two deletions race', async () => {
    const userId = randomUUID();
    const company = await inSandbox(() =>
      createCompany(userId, createCompanyBody.parse({ name: 'Raced' })),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => inSandbox(() => deleteCompany(company))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(NotFound);
    expect(await companyCount(userId)).toBe(0);
  });

  it('never takes the company counter below zero, even when it has drifted from the real count', async () => {
    const userId = randomUUID();
    const company = await inSandbox(() =>
      createCompany(userId, createCompanyBody.parse({ name: 'Drifted' })),
    );
    await counterEntity()
      .update({ name: `companies#${userId}` })
      .set({ total: 0 })
      .go();

    await inSandbox(() => deleteCompany(company));

    expect(await listCompanies(userId)).toEqual([]);
    expect(await companyCount(userId)).toBe(0);
  });

  it('answers the deletion even when the clean-up cannot be started (the sweeper will start it)', async () => {
    const userId = randomUUID();
    const company = await inSandbox(() =>
      createCompany(userId, createCompanyBody.parse({ name: 'Orphan' })),
    );
    events.answer = () => ({ status: 500, body: { message: 'events service down' } });

    await expect(inSandbox(() => deleteCompany(company))).resolves.toBeUndefined();
    expect(events.requests).toHaveLength(1);
    expect(await listCompanies(userId)).toEqual([]);
    expect(await companyCount(userId)).toBe(0);
  });

  it('removes every item of a deleted company, the company last, and nothing of any other', async () => {
    const doomed = await companyWithItems(130, { deletedAt: new Date().toISOString() });
    const kept = await companyWithItems(3);
    expect(await partition(doomed.companyId)).toHaveLength(132);

    expect(await removeDeletedCompany(doomed.companyId, logger)).toEqual({ removedItems: 132 });
    expect(await partition(doomed.companyId)).toEqual([]);
    expect(await partition(kept.companyId)).toHaveLength(5);

    // A second run (a redelivery after the claim expired) finds nothing and harms nothing.
    expect(await removeDeletedCompany(doomed.companyId, logger)).toEqual({ removedItems: 0 });
    expect(await partition(kept.companyId)).toHaveLength(5);
  });

  it('finishes what an interrupted clean-up began', async () => {
    const doomed = await companyWithItems(40, { deletedAt: new Date().toISOString() });
    // As if an earlier run had deleted some campaigns and then crashed.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        campaignEntity()
          .delete({ companyId: doomed.companyId, campaignId: `campaign-${index}` })
          .go(),
      ),
    );
    expect(await removeDeletedCompany(doomed.companyId, logger)).toEqual({ removedItems: 22 });
    expect(await partition(doomed.companyId)).toEqual([]);
  });

  it('refuses to clean up a company that is not deleted', async () => {
    const live = await companyWithItems(2);
    const error = await removeDeletedCompany(live.companyId, logger).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect(await partition(live.companyId)).toHaveLength(4);
  });

  it('finds deleted companies whose clean-up has not finished after the grace period, through the sparse index', async () => {
    const now = new Date();
    const minutesAgo = (minutes: number) =>
      new Date(now.getTime() - minutes * 60_000).toISOString();
    const stale = await companyWithItems(1, { deletedAt: minutesAgo(90) });
    const older = await companyWithItems(1, { deletedAt: minutesAgo(60 * 24) });
    const fresh = await companyWithItems(1, { deletedAt: minutesAgo(5) });
    const live = await companyWithItems(1);

    const found = await findUnfinishedCleanups(now);
    expect(found).toContain(stale.companyId);
    expect(found.indexOf(older.companyId)).toBeLessThan(found.indexOf(stale.companyId));
    expect(found).not.toContain(fresh.companyId);
    expect(found).not.toContain(live.companyId);

    await removeDeletedCompany(stale.companyId, logger);
    expect(await findUnfinishedCleanups(now)).not.toContain(stale.companyId);
  });
});
