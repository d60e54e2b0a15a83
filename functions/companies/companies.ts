import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { INTRO_TIER_LIMIT_MESSAGE, type createCompanyBody } from '#shared/contract/companies';
import { INTRO_TIER_COMPANY_LIMIT, TRIAL_DAYS } from '#shared/domain/limits';
import { db, tableName } from '../core/db/client';
import { companyEntity, type CompanyRecord } from '../core/db/entities/company';
import { counterEntity } from '../core/db/entities/counter';
import { companyService } from '../core/db/service';
import { ForbiddenError } from '../core/http/errors';

type NewCompany = z.output<typeof createCompanyBody>;

const companiesCounter = (userId: string) => `companies#${userId}`;
const MAX_ATTEMPTS = 5;

export const listCompanies = async (userId: string): Promise<CompanyRecord[]> => {
  const { data } = await companyEntity().query.byOwner({ userId }).go({ pages: 'all' });
  return data;
};

/**
 * Only a paying tier lifts the intro tier's one-company limit. The count comes from the counter
 * (strongly consistent); the owner's list (a GSI) only tells whether any company is paid.
 */
const mayAddCompany = async (userId: string, count: number): Promise<boolean> =>
  count < INTRO_TIER_COMPANY_LIMIT ||
  (await listCompanies(userId)).some((company) => company.subscriptionTier !== 'intro');

/**
 * Creates a company on a 14-day intro-tier trial. The owner's company counter moves from n to
 * n+1 in the same transaction, so two simultaneous requests cannot both slip past the intro-tier
 * limit.
 */
export const createCompany = async (userId: string, fields: NewCompany): Promise<CompanyRecord> => {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const { data: counter } = await counterEntity()
      .get({ name: companiesCounter(userId) })
      .go({ consistent: true });
    const count = counter?.total ?? 0;
    // The owner's list is read only when the counter says the limit is reached.
    if (!(await mayAddCompany(userId, count))) {
      throw new ForbiddenError(INTRO_TIER_LIMIT_MESSAGE);
    }
    const now = new Date();
    const record = {
      companyId: randomUUID(),
      userId,
      ...fields,
      subscriptionTier: 'intro' as const,
      pendingDowngrade: false,
      trialEndDate: new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    const result = await companyService()
      .transaction.write(({ company, counter: counters }) => [
        company.create(record).commit(),
        counters
          .update({ name: companiesCounter(userId) })
          .set({ total: count + 1 })
          .where((attr, op) => (counter ? op.eq(attr.total, count) : op.notExists(attr.total)))
          .commit(),
      ])
      .go();
    if (!result.canceled) return record as CompanyRecord;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
  throw new Error('Could not create the company: the company counter stayed contended');
};

/**
 * Deletes a company and everything in its item collection (all company-owned entities share the
 * company's partition key), then the company itself with the owner's counter. Children go first,
 * so an interrupted delete leaves the company visible and a retry finishes the job.
 */
export const deleteCompany = async (company: CompanyRecord): Promise<void> => {
  const { Key } = companyEntity().get({ companyId: company.companyId }).params() as {
    Key: { pk: string; sk: string };
  };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk' },
        ExpressionAttributeValues: { ':pk': Key.pk },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    const children = (page.Items ?? []).filter((item) => item.sk !== Key.sk);
    for (let i = 0; i < children.length; i += 25) {
      let requests = children
        .slice(i, i + 25)
        .map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } }));
      for (let tries = 0; requests.length && tries < 8; tries++) {
        const { UnprocessedItems } = await db().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }),
        );
        requests = (UnprocessedItems?.[tableName()] ?? []) as typeof requests;
        if (requests.length) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** tries));
      }
      if (requests.length) throw new Error('Could not delete every item of the company');
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  await companyService()
    .transaction.write(({ company: companies, counter }) => [
      companies.delete({ companyId: company.companyId }).commit(),
      counter
        .update({ name: companiesCounter(company.userId) })
        .add({ total: -1 })
        .commit(),
    ])
    .go();
};
