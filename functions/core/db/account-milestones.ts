import type { FunnelStep } from '#shared/domain/business-numbers';
import { db, tableName } from './client';

/**
 * When an account first reached each step of the funnel (an ISO time per step, nothing personal),
 * one item per account beside its user item. A step is set once, by a write conditional on its
 * absence, and only the write that set it adds it to the day's counters: however often the event
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

/**
 * Sets the step's time if the account has none yet: true when this call set it (so the caller
 * counts it), false when the account had reached the step already.
 */
export const claimMilestone = async (
  userId: string,
  step: FunnelStep,
  at: string,
): Promise<boolean> => {
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keyOf(userId),
        UpdateExpression: 'SET #step = :at',
        ConditionExpression: 'attribute_not_exists(#step)',
        ExpressionAttributeNames: { '#step': step },
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};
