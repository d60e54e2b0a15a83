import { randomUUID } from 'node:crypto';
import { isRealPhone } from '#shared/contract/fields';
import { FOUNDER_ACCOUNT_CAP } from '#shared/domain/limits';
import type { Role } from '#shared/domain/users';
import { counterEntity, USERS_COUNTER } from '../core/db/entities/counter';
import type { UserRecord } from '../core/db/entities/user';
import { accountService } from '../core/db/service';
import { ConflictError } from '../core/http/errors';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const PHONE_TAKEN = 'This phone number is already registered to another user';

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

const MAX_ATTEMPTS = 8;

export const countUsers = async (): Promise<number> => {
  const { data } = await counterEntity().get({ name: USERS_COUNTER }).go({ consistent: true });
  return data?.total ?? 0;
};

type Rejection = { rejected: boolean; code: string };

/**
 * Creates an account in one transaction: the user, its email (and phone) claims, and the users
 * counter moved from n to n+1 under a condition. The counter decides the role — the first 50
 * accounts are founders — exactly, even under concurrent sign-ups: a lost race on the counter
 * is retried; a taken email or phone fails with nothing written.
 */
export const createAccount = async (account: NewAccount): Promise<UserRecord> => {
  const userId = randomUUID();
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const total = await countUsers();
    const role: Role = total < FOUNDER_ACCOUNT_CAP ? 'founder' : 'user';
    const now = new Date().toISOString();
    const record = {
      userId,
      ...account,
      role,
      phoneVerified: false,
      completedTours: [] as string[],
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    };
    const withPhone = isRealPhone(account.phoneNumber);
    const result = await accountService()
      .transaction.write(({ user, claim, counter }) => [
        user.create(record).commit(),
        claim.create({ kind: 'email', value: account.email, userId }).commit(),
        counter
          .update({ name: USERS_COUNTER })
          .set({ total: total + 1 })
          .where((attr, op) => (total === 0 ? op.notExists(attr.total) : op.eq(attr.total, total)))
          .commit(),
        ...(withPhone
          ? [claim.create({ kind: 'phone', value: account.phoneNumber, userId }).commit()]
          : []),
      ])
      .go();
    if (!result.canceled) return record as UserRecord;
    const [, emailClaim, counter, phoneClaim] = result.data as Rejection[];
    if (emailClaim?.rejected && emailClaim.code === 'ConditionalCheckFailed') {
      throw new ConflictError(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    }
    if (phoneClaim?.rejected && phoneClaim.code === 'ConditionalCheckFailed') {
      throw new ConflictError(PHONE_TAKEN, { phoneNumber: PHONE_TAKEN });
    }
    const raced =
      counter?.rejected || result.data.some((d) => (d as Rejection).code === 'TransactionConflict');
    if (!raced) {
      throw new Error(
        `Account transaction cancelled: ${JSON.stringify(result.data.map((d) => (d as Rejection).code))}`,
      );
    }
    // Someone else registered between our read and write: read the counter again and retry.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
  throw new Error('Could not create the account: the users counter stayed contended');
};
