import type { Logger } from '@aws-lambda-powertools/logger';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { deleteItemKeys } from '../core/db/batch-delete';
import { db, tableName } from '../core/db/client';
import { isConditionFailure } from '../core/db/conditions';
import { morningSlotOf } from '../domain/companies/morning-roster';
import { companyEntity } from '../core/db/entities/company';
import { morningRosterEntity } from '../core/db/entities/morning-roster';
import { Invalid } from '../core/errors';

/** A company deleted longer ago than this whose items are still there lost its clean-up run. */
export const CLEANUP_GRACE_MINUTES = 15;

type ItemKey = { pk: string; sk: string };

/**
 * Deletes every item in the company's partition except the company itself, one query page at a
 * time, each page's items (in batches, several at once; a run that DynamoDB keeps throttling fails
 * and is retried) while the next page is read. Returns how many it deleted.
 */
const deleteOwnedItems = async (companyKey: ItemKey): Promise<number> => {
  const readPage = (startKey?: Record<string, unknown>) =>
    db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': companyKey.pk },
        ProjectionExpression: '#pk, #sk',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
  let deleted = 0;
  let page = await readPage();
  for (;;) {
    const owned = ((page.Items ?? []) as ItemKey[]).filter((item) => item.sk !== companyKey.sk);
    const [nextPage] = await Promise.all([
      page.LastEvaluatedKey ? readPage(page.LastEvaluatedKey) : undefined,
      deleteItemKeys(owned),
    ]);
    deleted += owned.length;
    if (!nextPage) return deleted;
    page = nextPage;
  }
};

/**
 * Removes a deleted company and everything it owned (its item collection), the company item
 * last, so that until the end the sweeper can still find the company through its deletion mark.
 * Safe to run twice: a second run finds nothing left, or finishes what an interrupted run began.
 * Refuses a company that is not marked deleted — the event cannot make it delete a live one.
 */
export const removeDeletedCompany = async (
  companyId: string,
  logger: Logger,
  {
    beforeRemoving,
  }: {
    /** Work on the company's items that must happen before they go (revoking its grants). */
    beforeRemoving?: () => Promise<unknown>;
  } = {},
): Promise<{ removedItems: number }> => {
  const { data: company } = await companyEntity().get({ companyId }).go({ consistent: true });
  if (company && !company.deletedAt) {
    throw new Invalid('VALIDATION_FAILED', `Company ${companyId} is not deleted`);
  }
  await beforeRemoving?.();
  // Off the morning roster (the deletion took it off already; this covers an older deletion).
  if (company) {
    await morningRosterEntity()
      .delete({ ...morningSlotOf(company), companyId })
      .go({ response: 'none' });
  }
  const { Key } = companyEntity().get({ companyId }).params<{ Key: ItemKey }>();

  let removedItems = 0;
  // A request that passed the ownership check just before the deletion may still write an
  // item; a second pass (normally one empty query) catches it before the company goes.
  for (let pass = 1; pass <= 3; pass++) {
    const deleted = await deleteOwnedItems(Key);
    removedItems += deleted;
    if (deleted === 0) break;
  }
  if (company) {
    try {
      await companyEntity()
        .delete({ companyId })
        .where(({ deletedAt }, { exists }) => exists(deletedAt))
        .go({ response: 'none' });
      removedItems += 1;
    } catch (error) {
      // Already removed by an earlier (or simultaneous) run.
      if (!isConditionFailure(error)) throw error;
    }
  }
  logger.info('Company cleaned up', { companyId, removedItems });
  return { removedItems };
};

/**
 * Deleted companies whose clean-up has not finished although they were deleted more than the
 * grace period ago (the job failed for good or never started), oldest first, from the sparse
 * index that holds only deleted companies.
 */
export const findUnfinishedCleanups = async (now: Date = new Date()): Promise<string[]> => {
  const cutoff = new Date(now.getTime() - CLEANUP_GRACE_MINUTES * 60_000).toISOString();
  const { data } = await companyEntity()
    .query.awaitingCleanup({ cleanup: 'pending' })
    .lt({ deletedAt: cutoff })
    .go({ pages: 'all', attributes: ['companyId'] });
  return data.map((company) => company.companyId);
};
