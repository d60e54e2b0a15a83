import type * as z from 'zod';
import { isRealPhone } from '#shared/contract/fields';
import type { updateUserBody } from '#shared/contract/users';
import { uniqueClaimEntity } from '../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { writeTransaction } from '../core/db/transaction';
import { assertPhoneClaimable } from '../core/accounts/accounts';

type ProfileChanges = z.output<typeof updateUserBody>;

/**
 * Applies a user's own profile changes. A new phone number resets its verification and gives up
 * the old number's claim (held only while verified); a number another account verified is refused.
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
  if (phoneChanged) await assertPhoneClaimable(userId, next.phoneNumber);
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
      oldPhoneClaim:
        phoneChanged &&
        user.phoneVerified &&
        isRealPhone(user.phoneNumber) &&
        claim
          .delete({ kind: 'phone', value: user.phoneNumber })
          .where((attr, op) => op.eq(attr.userId, userId))
          .commit(),
    }),
  );
  if (outcome.committed) return next;
  throw new Error(`Profile transaction cancelled: ${JSON.stringify(outcome.reasons)}`);
};
