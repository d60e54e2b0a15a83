import { backOff, type Backoff } from '../../core/backoff';
import { db, tableName } from '../../core/db/client';
import { companyEntity, type CompanyRecord } from '../../core/db/entities/company';
import type { InTransaction } from '../../core/db/transaction';
import { NotFound } from '../../core/errors';
import type { Caller } from '../../core/auth/authenticate';

export const COMPANY_NOT_FOUND = 'Company not found';

/**
 * The company, if `userId` owns it. Someone else's company, and a deleted one, answer exactly like
 * a missing one. For the few places that act for a user without a session of theirs in the
 * request (an OAuth callback, bound to the user when it began); routes use `loadOwnedCompany`.
 */
export const loadCompanyOwnedBy = async (
  companyId: string,
  userId: string,
): Promise<CompanyRecord> => {
  const { data } = await companyEntity().get({ companyId }).go({ consistent: true });
  if (!data || data.deletedAt || data.userId !== userId) {
    throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
  }
  return data;
};

/**
 * The one gate for every company-scoped call: loads the company and checks it belongs to the
 * caller before anything else happens. Someone else's company, and a deleted one, answer exactly
 * like a missing one.
 */
export const loadOwnedCompany = (companyId: string, caller: Caller): Promise<CompanyRecord> =>
  loadCompanyOwnedBy(companyId, caller.userId);

/**
 * A transaction's check that the company is still there and not deleted, so that nothing is
 * added to a company whose clean-up has begun (the clean-up starts only after the mark).
 */
export const companyStillOpen = (
  companies: InTransaction<ReturnType<typeof companyEntity>>,
  companyId: string,
): object =>
  companies
    .check({ companyId })
    .where(
      ({ userId, deletedAt }, { exists, notExists }) =>
        `${exists(userId)} AND ${notExists(deletedAt)}`,
    )
    .commit();

/** The table key of an item (`entity.get(...).params().Key`). */
export interface ItemKey {
  pk: string;
  sk: string;
}

const MAX_BATCH_TRIES = 5;
/** Keys DynamoDB left unprocessed (throttling) are read again after a short, growing wait. */
const UNPROCESSED_BACKOFF: Backoff = { stepMs: 20, growth: 'doubling', jitter: 'half' };

/**
 * `loadOwnedCompany`, together with other items of the company's partition read in the same
 * strongly consistent BatchGetItem (one round trip instead of several): the company is checked
 * exactly as `loadCompanyOwnedBy` checks it before any of the other items is returned. Each
 * other item comes back raw (to be parsed by its entity), or null when it does not exist.
 */
export const loadOwnedCompanyWith = async <Name extends string>(
  companyId: string,
  caller: Caller,
  others: Readonly<Record<Name, ItemKey>>,
): Promise<{ company: CompanyRecord; items: Record<Name, Record<string, unknown> | null> }> => {
  const { BatchGetCommand } = await import('@aws-sdk/lib-dynamodb');
  const companyKey = companyEntity().get({ companyId }).params<{ Key: ItemKey }>().Key;
  const wanted = [companyKey, ...Object.values<ItemKey>(others)];
  const found: Record<string, unknown>[] = [];
  let keys: ItemKey[] = wanted;
  for (let attempt = 1; keys.length; attempt++) {
    if (attempt > MAX_BATCH_TRIES) throw new Error('DynamoDB kept company items unprocessed');
    if (attempt > 1) await backOff(attempt, UNPROCESSED_BACKOFF);
    const { Responses, UnprocessedKeys } = await db().send(
      new BatchGetCommand({
        RequestItems: { [tableName()]: { Keys: keys, ConsistentRead: true } },
      }),
    );
    found.push(...(Responses?.[tableName()] ?? []));
    keys = (UnprocessedKeys?.[tableName()]?.Keys ?? []) as ItemKey[];
  }
  const itemAt = (key: ItemKey) =>
    found.find((item) => item.pk === key.pk && item.sk === key.sk) ?? null;
  const rawCompany = itemAt(companyKey);
  const company = rawCompany
    ? (companyEntity().parse({ Item: rawCompany }).data as CompanyRecord | null)
    : null;
  if (!company || company.deletedAt || company.userId !== caller.userId) {
    throw new NotFound('COMPANY_NOT_FOUND', COMPANY_NOT_FOUND);
  }
  const items = Object.fromEntries(
    Object.entries<ItemKey>(others).map(([name, key]) => [name, itemAt(key)]),
  ) as Record<Name, Record<string, unknown> | null>;
  return { company, items };
};
