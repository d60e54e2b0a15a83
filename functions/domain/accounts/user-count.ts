import { randomInt } from 'node:crypto';
import { counterEntity, USERS_COUNTER } from '../../core/db/entities/counter';

/**
 * The number of accounts, counted on shards: each new account adds 1 to one shard picked at
 * random, in the same transaction that creates it, so a sign-up that fails counts nothing. A
 * single counter would be written by every sign-up, and sign-ups at the same moment would cancel
 * each other's transactions; over 16 shards two meet only by chance, and the one that loses tries
 * another shard. The total is their sum, read in one batch.
 *
 * The old single counter (USERS_COUNTER) is no longer written: what it holds, the accounts made
 * before the shards, is part of the sum.
 */
export const USER_COUNT_SHARDS = 16;

const shardName = (shard: number) => `${USERS_COUNTER}#${shard}`;

/** The shard a new account is counted on. */
export const pickUserCountShard = (): string => shardName(randomInt(USER_COUNT_SHARDS));

/** Accounts made before the shards: the old counter's last total. */
export const accountsBeforeShards = async (): Promise<number> => {
  const { data } = await counterEntity().get({ name: USERS_COUNTER }).go({ consistent: true });
  return data?.total ?? 0;
};

/**
 * Every account: the old counter and the shards, summed. An eventually consistent read (half the
 * price of a strong one, on a public route): a sign-up of the last second may be missing from it,
 * which the founder seats banner can bear. Who is a founder is decided by the seats, never by this.
 */
export const countUsers = async (): Promise<number> => {
  const names = [
    USERS_COUNTER,
    ...Array.from({ length: USER_COUNT_SHARDS }, (_, shard) => shardName(shard)),
  ];
  let keys = names.map((name) => ({ name }));
  let total = 0;
  // A batch may leave keys unprocessed (throttling): those are read again, a bounded few times.
  for (let round = 0; keys.length > 0; round++) {
    if (round === 4) throw new Error('DynamoDB left the user count shards unprocessed');
    const { data, unprocessed } = await counterEntity().get(keys).go();
    total += data.reduce((sum, counter) => sum + counter.total, 0);
    keys = unprocessed.map(({ name }) => ({ name }));
  }
  return total;
};
