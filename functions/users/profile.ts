import type * as z from 'zod';
import { isRealPhone } from '#shared/contract/fields';
import type { updateUserBody } from '#shared/contract/users';
import { uniqueClaimEntity } from '../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { writeTransaction } from '../core/db/transaction';
import { phoneTaken } from '../core/accounts/accounts';

type ProfileChanges = z.output<typeof updateUserBody>;

/**
 * Applies a user's own profile changes. A new phone number moves the phone claim (unique across
 * accounts) in the same transaction and resets its verification.
 */
export const updateProfile = async (
  user: UserRecord,
  changes: ProfileChanges,
): Promise<UserRecord> => {
  const phoneChanged =
    changes.phoneNumber !== undefined && changes.phoneNumber !== user.phoneNumber;
  const next: UserRecord = {
    ...user,
    ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
    ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
    ...(changes.completedTours !== undefined ? { completedTours: changes.completedTours } : {}),
    ...(phoneChanged ? { phoneNumber: changes.phoneNumber!, phoneVerified: false } : {}),
    updatedAt: new Date().toISOString(),
  };
  const { userId } = user;
  const outcome = await writeTransaction(
    { user: userEntity(), claim: uniqueClaimEntity() },
    ({ user: users, claim }) => ({
      profile: users
        .patch({ userId })
        .set({
          firstName: next.firstName,
          lastName: next.lastName,
          completedTours: next.completedTours,
          phoneNumber: next.phoneNumber,
          phoneVerified: next.phoneVerified,
        })
        .commit(),
      newPhoneClaim:
        phoneChanged &&
        isRealPhone(next.phoneNumber) &&
        claim.create({ kind: 'phone', value: next.phoneNumber, userId }).commit(),
      oldPhoneClaim:
        phoneChanged &&
        isRealPhone(user.phoneNumber) &&
        claim
          .delete({ kind: 'phone', value: user.phoneNumber })
          .where((attr, op) => op.eq(attr.userId, userId))
          .commit(),
    }),
  );
  if (outcome.committed) return next;
  if (outcome.failedConditions.has('newPhoneClaim')) throw phoneTaken();
  throw new Error(`Profile transaction cancelled: ${JSON.stringify(outcome.reasons)}`);
};
