import type * as z from 'zod';
import { isRealPhone } from '#shared/contract/fields';
import type { updateUserBody } from '#shared/contract/users';
import { uniqueClaimEntity } from '../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { writeTransaction } from '../core/db/transaction';
import { Conflict } from '../core/errors';
import { assertPhoneClaimable } from '../domain/accounts/accounts';

type ProfileChanges = z.output<typeof updateUserBody>;

export const PROFILE_CHANGED =
  'Your profile was changed in another window. Reload it and try again.';

/**
 * Applies a user's own profile changes. A new phone number resets its verification and gives up
 * the old number's claim (held only while verified); a number another account verified is refused.
 *
 * Only the fields sent are written, so two windows saving different fields both keep theirs. A new
 * number is decided from the number and verification as they were read: the write holds only if
 * both are still so. Otherwise another request changed them meanwhile (a second window saving
 * another number, a verification finishing), and this one answers PROFILE_CHANGED having written
 * nothing, rather than releasing a claim that is no longer its to release.
 */
export const updateProfile = async (
  user: UserRecord,
  changes: ProfileChanges,
): Promise<UserRecord> => {
  const phoneChanged =
    changes.phoneNumber !== undefined && changes.phoneNumber !== user.phoneNumber;
  const written = {
    ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
    ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
    ...(changes.completedTours !== undefined ? { completedTours: changes.completedTours } : {}),
    ...(changes.forumReplyEmails !== undefined
      ? { forumReplyEmails: changes.forumReplyEmails }
      : {}),
    ...(phoneChanged ? { phoneNumber: changes.phoneNumber!, phoneVerified: false } : {}),
  };
  const next: UserRecord = { ...user, ...written, updatedAt: new Date().toISOString() };
  const { userId } = user;
  if (phoneChanged) await assertPhoneClaimable(userId, next.phoneNumber);
  const outcome = await writeTransaction(
    { user: userEntity(), claim: uniqueClaimEntity() },
    ({ user: users, claim }) => {
      const patch = users.patch({ userId }).set(written);
      return {
        profile: (phoneChanged
          ? patch.where(
              ({ phoneNumber, phoneVerified }, { eq }) =>
                `${eq(phoneNumber, user.phoneNumber)} AND ${eq(phoneVerified, user.phoneVerified)}`,
            )
          : patch
        ).commit(),
        oldPhoneClaim:
          phoneChanged &&
          user.phoneVerified &&
          isRealPhone(user.phoneNumber) &&
          claim
            .delete({ kind: 'phone', value: user.phoneNumber })
            .where((attr, op) => op.eq(attr.userId, userId))
            .commit(),
      };
    },
  );
  if (outcome.committed) return next;
  // A condition that no longer holds, or another request writing the same items this moment.
  if (outcome.failedConditions.size > 0 || outcome.conflicted) {
    throw new Conflict('PROFILE_CHANGED', PROFILE_CHANGED);
  }
  throw new Error(`Profile transaction cancelled: ${JSON.stringify(outcome.reasons)}`);
};
