import type { User } from '#shared/contract/users';
import type { UserRecord } from '../../core/db/entities/user';

/** The user as the API shows it: the stored record without hash or token version. */
export const toPublicUser = (record: UserRecord): User => ({
  _id: record.userId,
  email: record.email,
  firstName: record.firstName,
  lastName: record.lastName,
  phoneNumber: record.phoneNumber,
  role: record.role,
  completedTours: record.completedTours ?? [],
  isPhoneVerified: record.phoneVerified,
  smsOptedOut: record.smsOptedOut ?? false,
  createdAt: record.createdAt,
});
