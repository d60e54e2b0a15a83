import { isRealPhone } from '#shared/contract/fields';
import type { z } from 'zod';
import type { updateUserBody } from '#shared/contract/users';
import type { UserRecord } from '../core/db/entities/user';
import { accountService } from '../core/db/service';
import { ConflictError } from '../core/http/errors';
import { PHONE_TAKEN } from './accounts';

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
  const result = await accountService()
    .transaction.write(({ user: users, claim }) => [
      users
        .patch({ userId })
        .set({
          firstName: next.firstName,
          lastName: next.lastName,
          completedTours: next.completedTours,
          phoneNumber: next.phoneNumber,
          phoneVerified: next.phoneVerified,
        })
        .commit(),
      ...(phoneChanged && isRealPhone(next.phoneNumber)
        ? [claim.create({ kind: 'phone', value: next.phoneNumber, userId }).commit()]
        : []),
      ...(phoneChanged && isRealPhone(user.phoneNumber)
        ? [
            claim
              .delete({ kind: 'phone', value: user.phoneNumber })
              .where((attr, op) => op.eq(attr.userId, userId))
              .commit(),
          ]
        : []),
    ])
    .go();
  if (result.canceled) {
    const codes = result.data.map((item) => (item as { code: string }).code);
    if (phoneChanged && codes[1] === 'ConditionalCheckFailed') {
      throw new ConflictError(PHONE_TAKEN, { phoneNumber: PHONE_TAKEN });
    }
    throw new Error(`Profile transaction cancelled: ${JSON.stringify(codes)}`);
  }
  return next;
};
