import { describe, expect, it } from 'vitest';
import { FOUNDER_ACCOUNT_CAP } from '#shared/domain/limits';
import { useLocalTable } from '#test/support/local-table';
import { counterEntity, USERS_COUNTER } from '../../core/db/entities/counter';
import { founderSeatEntity } from '../../core/db/entities/founder-seat';
import { Conflict } from '../../core/errors';
import { createAccount } from './accounts';
import { countUsers } from './user-count';

let phone = 1000;
const account = (email: string) => ({
  email,
  passwordHash: 'scrypt$14$8$1$c2FsdA==$a2V5',
  firstName: 'Ada',
  lastName: 'Byron',
  phoneNumber: `+1555010${phone++}`,
});

const seatHolders = async (): Promise<Record<number, string>> => {
  const { data } = await founderSeatEntity()
    .query.bySeat({ programme: 'founders' })
    .go({ consistent: true, pages: 'all' });
  return Object.fromEntries(data.map(({ seat, userId }) => [seat, userId]));
};

/**
 * A table from before the founder seats: its users counter says 47 accounts, the first 47, all
 * founders. Against DynamoDB Local.
 */
describe('createAccount on a table whose accounts were counted on the old users counter', () => {
  useLocalTable();

  it('keeps counting: the old accounts hold seats 1 to 47, three more founders, then ordinary accounts', async () => {
    await counterEntity().put({ name: USERS_COUNTER, total: 47 }).go();
    expect(await countUsers()).toBe(47);

    const first = await createAccount(account('first@example.com'));
    expect(first.role).toBe('founder');
    // A taken email fails with nothing written: no seat held, nothing counted.
    const again = await createAccount(account('first@example.com')).catch(
      (error: unknown) => error,
    );
    expect(again).toBeInstanceOf(Conflict);
    expect(again).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(Object.values(await seatHolders())).toEqual([first.userId]);
    expect(await countUsers()).toBe(48);

    const second = await createAccount(account('second@example.com'));
    const third = await createAccount(account('third@example.com'));
    const fourth = await createAccount(account('fourth@example.com'));
    expect([second.role, third.role, fourth.role]).toEqual(['founder', 'founder', 'user']);
    const holders = await seatHolders();
    expect(Object.keys(holders).map(Number).sort()).toEqual([48, 49, 50]);
    expect(Object.values(holders).sort()).toEqual(
      [first.userId, second.userId, third.userId].sort(),
    );
    expect(47 + Object.keys(holders).length).toBe(FOUNDER_ACCOUNT_CAP);
    expect(await countUsers()).toBe(51);
    // The old counter is left as it was: the new accounts are counted on the shards.
    const { data: old } = await counterEntity().get({ name: USERS_COUNTER }).go();
    expect(old?.total).toBe(47);
  });
});
