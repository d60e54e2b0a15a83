import type { Counts, FunnelStep } from '#shared/domain/business-numbers';
import { businessCountUpdate } from './business-counts';
import { db, tableName } from './client';

/**
 * When an account first reached each step of the funnel (an ISO time per step, nothing personal),
 * one item per account beside its user item. A step is set once, by a write conditional on its
 * absence, in the same transaction that adds it to the day's counters: however often the event
 * behind it happens or is delivered, the account is counted once.
 */
const keyOf = (userId: string) => ({ pk: `accountMilestones#${userId}`, sk: 'milestones' });

export type Milestones = Partial<Record<FunnelStep, string>>;

export const readMilestones = async (userId: string): Promise<Milestones> => {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keyOf(userId), ConsistentRead: true }),
  );
  const { pk: _pk, sk: _sk, ...steps } = (Item ?? {}) as Record<string, string>;
  return steps as Milestones;
};

export type MilestoneWrite = 'written' | 'already-reached' | 'conflict';

/**
 * Sets the step's time, if the account has none yet, and adds `counts` to the account's shard of
 * `day` in one transaction. `conflict`: another transaction held one of the items at that moment
 * (the same write may succeed when tried again).
 */
export const writeMilestone = async (
  userId: string,
  step: FunnelStep,
  at: string,
  day: string,
  counts: Counts,
): Promise<MilestoneWrite> => {
  const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keyOf(userId),
              UpdateExpression: 'SET #step = :at',
              ConditionExpression: 'attribute_not_exists(#step)',
              ExpressionAttributeNames: { '#step': step },
              ExpressionAttributeValues: { ':at': at },
            },
          },
          { Update: businessCountUpdate(userId, day, counts) },
        ],
      }),
    );
    return 'written';
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (!reasons) throw error;
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'already-reached';
    if (reasons.some((reason) => reason.Code === 'TransactionConflict')) return 'conflict';
    throw error;
  }
};
