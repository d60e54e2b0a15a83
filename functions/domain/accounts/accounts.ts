import { randomInt, randomUUID } from 'node:crypto';
import { isRealPhone } from '#shared/contract/fields';
import type { Role } from '#shared/domain/users';
import { counterEntity } from '../../core/db/entities/counter';
import { founderSeatEntity } from '../../core/db/entities/founder-seat';
import { uniqueClaimEntity } from '../../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../../core/db/entities/user';
import type { Backoff } from '../../core/backoff';
import { CONTENDED, RETRY_NOW, retryOnContention } from '../../core/db/contention';
import { reachFunnelStep } from '../business/business-counts';
import { lostRace, TransactionCancelled, writeTransaction } from '../../core/db/transaction';
import { Conflict, Unavailable } from '../../core/errors';
import { freeFounderSeats } from './founder-seats';
import { pickUserCountShard } from './user-count';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const PHONE_TAKEN = 'This phone number is already registered to another user';
const SIGN_UPS_BUSY = 'Many people are signing up at this moment. Please try again.';

export const phoneTaken = () =>
  new Conflict('PHONE_TAKEN', PHONE_TAKEN, { phoneNumber: PHONE_TAKEN });

interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** An identity at Google that signs in to the new account (its claim is written with it). */
  google?: { claim: string; email: string };
}

const MAX_ATTEMPTS = 8;
/** Sign-ups that met on a seat or shard spread out briefly, then pick afresh. */
const SIGN_UP_BACKOFF: Backoff = { stepMs: 10, growth: 'linear', jitter: 'full' };

const randomOf = (values: readonly number[]): number | undefined =>
  values.length ? values[randomInt(values.length)] : undefined;

/**
 * Creates an account in one transaction: the user, its email claim, a founder seat while any is
 * left (the account is then a founder), and 1 on a user count shard. Nothing is shared by every
 * sign-up: a seat is raced for only by the sign-ups that picked the same one (each picks one of
 * the free seats at random), and once the seats are gone a sign-up writes only its own items and
 * a shard. The seats make exactly the first 50 accounts founders however many sign up at once: a
 * sign-up that finds its seat taken reads the free ones again, and becomes an ordinary account
 * only when none is left. A taken email fails with nothing written (no seat, no count).
 *
 * The phone number is not claimed here: only verifying it does (see claimVerifiedPhone), so
 * nobody can block a number they do not own.
 */
export const createAccount = async (account: NewAccount): Promise<UserRecord> => {
  const userId = randomUUID();
  await assertPhoneClaimable(userId, account.phoneNumber);
  let freeSeats = await freeFounderSeats();
  return retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      backoff: SIGN_UP_BACKOFF,
      // Only when one sign-up lost every race of its attempts: nothing was written; trying again works.
      exhausted: () => new Unavailable('SERVICE_UNAVAILABLE', SIGN_UPS_BUSY),
    },
    async () => {
      const seat = randomOf(freeSeats);
      const role: Role = seat === undefined ? 'user' : 'founder';
      const now = new Date().toISOString();
      const { google, ...fields } = account;
      const record: UserRecord = {
        userId,
        ...fields,
        ...(google ? { googleEmail: google.email, googleIdentity: google.claim } : {}),
        role,
        phoneVerified: false,
        completedTours: [],
        tokenVersion: 0,
        createdAt: now,
        updatedAt: now,
      };
      const outcome = await writeTransaction(
        {
          user: userEntity(),
          claim: uniqueClaimEntity(),
          seat: founderSeatEntity(),
          counter: counterEntity(),
        },
        ({ user, claim, seat: seats, counter }) => ({
          user: user.create(record).commit(),
          emailClaim: claim.create({ kind: 'email', value: account.email, userId }).commit(),
          googleClaim:
            google !== undefined &&
            claim.create({ kind: 'google', value: google.claim, userId }).commit(),
          founderSeat:
            seat !== undefined && seats.create({ programme: 'founders', seat, userId }).commit(),
          count: counter.update({ name: pickUserCountShard() }).add({ total: 1 }).commit(),
        }),
      );
      if (outcome.committed) {
        await reachFunnelStep(userId, 'signedUp', new Date(now));
        return record;
      }
      if (
        outcome.failedConditions.has('emailClaim') ||
        outcome.failedConditions.has('googleClaim')
      ) {
        throw new Conflict('EMAIL_TAKEN', EMAIL_TAKEN, { email: EMAIL_TAKEN });
      }
      if (outcome.failedConditions.has('founderSeat')) {
        // Another sign-up took that seat: read which are left (none: an ordinary account).
        freeSeats = await freeFounderSeats();
        return RETRY_NOW;
      }
      // Another sign-up was writing the same seat or shard this very moment: after a short random
      // pause, try again with a seat and a shard picked afresh.
      if (lostRace(outcome)) return CONTENDED;
      throw new TransactionCancelled('Account transaction cancelled', outcome);
    },
  );
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
export const claimVerifiedPhone = (
  userId: string,
  phoneNumber: string,
): Promise<PhoneClaimOutcome> =>
  retryOnContention(
    {
      attempts: MAX_ATTEMPTS,
      exhausted: 'Could not claim the phone number: its claim stayed contended',
    },
    async () => {
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
      if (outcome.committed) {
        await reachFunnelStep(userId, 'phoneVerified');
        return 'verified';
      }
      if (outcome.failedConditions.has('verify')) return 'number-changed';
      // The claim changed hands meanwhile: look again at once at who holds it.
      if (outcome.failedConditions.has('claim')) return RETRY_NOW;
      if (lostRace(outcome)) return CONTENDED;
      throw new TransactionCancelled('Phone claim cancelled', outcome);
    },
  );
