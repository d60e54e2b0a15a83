import { randomUUID } from 'node:crypto';
import { isRealPhone } from '#shared/contract/fields';
import { FOUNDER_ACCOUNT_CAP } from '#shared/domain/limits';
import type { Role } from '#shared/domain/users';
import { counterEntity, USERS_COUNTER } from '../db/entities/counter';
import { uniqueClaimEntity } from '../db/entities/unique-claim';
import { userEntity, type UserRecord } from '../db/entities/user';
import { writeTransaction } from '../db/transaction';
import { Conflict } from '../errors';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const PHONE_TAKEN = 'This phone number is already registered to another user';

export const phoneTaken = () =>
  new Conflict('PHONE_TAKEN', PHONE_TAKEN, { phoneNumber: PHONE_TAKEN });

interface NewAccount {
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

/**
 * Creates an account in one transaction: the user, its email claim, and the users
 * counter moved from n to n+1 under a condition. The counter decides the role — the first 50
 * accounts are founders — exactly, even under concurrent sign-ups: a lost race on the counter
 * is retried; a taken email fails with nothing written. The phone number is not claimed here:
 * only verifying it does (see claimVerifiedPhone), so nobody can block a number they do not own.
 */
export const createAccount = async (account: NewAccount): Promise<UserRecord> => {
  const userId = randomUUID();
  await assertPhoneClaimable(userId, account.phoneNumber);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const total = await countUsers();
    const role: Role = total < FOUNDER_ACCOUNT_CAP ? 'founder' : 'user';
    const now = new Date().toISOString();
    const record: UserRecord = {
      userId,
      ...account,
      role,
      phoneVerified: false,
      completedTours: [],
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    };
    const outcome = await writeTransaction(
      { user: userEntity(), claim: uniqueClaimEntity(), counter: counterEntity() },
      ({ user, claim, counter }) => ({
        user: user.create(record).commit(),
        emailClaim: claim.create({ kind: 'email', value: account.email, userId }).commit(),
        counter: counter
          .update({ name: USERS_COUNTER })
          .set({ total: total + 1 })
          .where((attr, op) => (total === 0 ? op.notExists(attr.total) : op.eq(attr.total, total)))
          .commit(),
      }),
    );
    if (outcome.committed) return record;
    if (outcome.failedConditions.has('emailClaim')) {
      throw new Conflict('EMAIL_TAKEN', EMAIL_TAKEN, { email: EMAIL_TAKEN });
    }
    if (!outcome.failedConditions.has('counter') && !outcome.conflicted) {
      throw new Error(`Account transaction cancelled: ${JSON.stringify(outcome.reasons)}`);
    }
    // Someone else registered between our read and write: read the counter again and retry.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
  throw new Error('Could not create the account: the users counter stayed contended');
};

/** Whether the claim's holder still has that number, verified (older claims were made unverified). */
const holdsVerified = async (holderId: string, phoneNumber: string): Promise<boolean> => {
  const { data: holder } = await userEntity().get({ userId: holderId }).go({ consistent: true });
  return !!holder && holder.phoneVerified && holder.phoneNumber === phoneNumber;
};

/** Refuses a number another account has verified (a number nobody verified is free to use). */
export const assertPhoneClaimable = async (userId: string, phoneNumber: string): Promise<void> => {
  if (!isRealPhone(phoneNumber)) return;
  const { data: claim } = await uniqueClaimEntity()
    .get({ kind: 'phone', value: phoneNumber })
    .go({ consistent: true });
  if (claim && claim.userId !== userId && (await holdsVerified(claim.userId, phoneNumber))) {
    throw phoneTaken();
  }
};

export type PhoneClaimOutcome = 'verified' | 'taken' | 'number-changed';

/**
 * Marks the user's number verified and claims it as theirs, in one transaction, so of two
 * accounts verifying one number at once exactly one wins. A claim left by an account that no
 * longer holds the number verified (or was never verified) is taken over under a condition.
 */
export const claimVerifiedPhone = async (
  userId: string,
  phoneNumber: string,
): Promise<PhoneClaimOutcome> => {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const { data: claim } = await uniqueClaimEntity()
      .get({ kind: 'phone', value: phoneNumber })
      .go({ consistent: true });
    if (claim && claim.userId !== userId && (await holdsVerified(claim.userId, phoneNumber))) {
      return 'taken';
    }
    const outcome = await writeTransaction(
      { user: userEntity(), claim: uniqueClaimEntity() },
      ({ user, claim: claims }) => ({
        verify: user
          .patch({ userId })
          // Verifying the number again is asking for texts again: it opts back in after a STOP.
          .set({ phoneVerified: true, smsOptedOut: false })
          .where((attr, op) => op.eq(attr.phoneNumber, phoneNumber))
          .commit(),
        claim: !claim
          ? claims.create({ kind: 'phone', value: phoneNumber, userId }).commit()
          : claim.userId !== userId &&
            claims
              .patch({ kind: 'phone', value: phoneNumber })
              .set({ userId })
              .where((attr, op) => op.eq(attr.userId, claim.userId))
              .commit(),
      }),
    );
    if (outcome.committed) return 'verified';
    if (outcome.failedConditions.has('verify')) return 'number-changed';
    // The claim changed hands meanwhile: look again at who holds it.
  }
  throw new Error('Could not claim the phone number: its claim stayed contended');
};
