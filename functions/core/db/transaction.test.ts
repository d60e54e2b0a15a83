import { describe, expect, it } from 'vitest';
import { useLocalTable } from '#test/support/local-table';
import { counterEntity } from './entities/counter';
import { uniqueClaimEntity } from './entities/unique-claim';
import { lostRace, TransactionCancelled, writeTransaction } from './transaction';

/** Named transactions against DynamoDB Local: cancellations come back by name, not position. */
describe('writeTransaction', () => {
  useLocalTable();

  const entities = () => ({ claim: uniqueClaimEntity(), counter: counterEntity() });
  const claimed = async (value: string) =>
    (await uniqueClaimEntity().get({ kind: 'email', value }).go({ consistent: true })).data;

  it('writes every named write, leaving out the ones given as false', async () => {
    const outcome = await writeTransaction(entities(), ({ claim, counter }) => ({
      skipped: false,
      claim: claim.create({ kind: 'email', value: 'first@example.com', userId: 'u-1' }).commit(),
      counter: counter.update({ name: 'named-tx' }).add({ total: 1 }).commit(),
    }));
    expect(outcome).toEqual({ committed: true });
    expect(await claimed('first@example.com')).toMatchObject({ userId: 'u-1' });
  });

  it('names the write whose condition failed, whatever its position, and writes nothing', async () => {
    await writeTransaction(entities(), ({ claim }) => ({
      taken: claim.create({ kind: 'email', value: 'taken@example.com', userId: 'u-1' }).commit(),
    }));

    const outcome = await writeTransaction(entities(), ({ claim, counter }) => ({
      // Left out: the positions of the writes below shift, their names do not.
      optional: false,
      fresh: claim.create({ kind: 'email', value: 'fresh@example.com', userId: 'u-2' }).commit(),
      counter: counter.update({ name: 'named-tx-2' }).add({ total: 1 }).commit(),
      emailClaim: claim
        .create({ kind: 'email', value: 'taken@example.com', userId: 'u-2' })
        .commit(),
    }));

    expect(outcome.committed).toBe(false);
    if (outcome.committed) return;
    expect([...outcome.failedConditions]).toEqual(['emailClaim']);
    expect(outcome.conflicted).toBe(false);
    expect(outcome.reasons).toEqual({
      fresh: 'None',
      counter: 'None',
      emailClaim: 'ConditionalCheckFailed',
    });
    expect(await claimed('fresh@example.com')).toBeNull();
    expect(await claimed('taken@example.com')).toMatchObject({ userId: 'u-1' });
  });
});

describe('lostRace', () => {
  const cancelled = (failed: string[], conflicted = false) => ({
    committed: false as const,
    failedConditions: new Set(failed),
    conflicted,
    reasons: Object.fromEntries(failed.map((name) => [name, 'ConditionalCheckFailed' as const])),
  });

  it('is a conflict with another transaction, or a failed condition on what the caller read', () => {
    expect(lostRace(cancelled([], true))).toBe(true);
    expect(lostRace(cancelled(['counter']), 'counter')).toBe(true);
    expect(lostRace(cancelled(['counter', 'company']), 'counter')).toBe(true);
  });

  it('is not any other failed condition: that is an answer, or a bug', () => {
    expect(lostRace(cancelled(['company']), 'counter')).toBe(false);
    expect(lostRace(cancelled(['counter']))).toBe(false);
    expect(
      new TransactionCancelled('Company transaction cancelled', cancelled(['company'])).message,
    ).toBe('Company transaction cancelled: {"company":"ConditionalCheckFailed"}');
  });
});
