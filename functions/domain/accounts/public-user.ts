import type { User } from '#shared/contract/users';
import { hasPassword } from '../../core/auth/passwords';
import type { UserRecord } from '../../core/db/entities/user';
import { maskedEmail } from './masked-email';

/**
 * The user as the API shows it: the stored record without hash or token version, the linked
 * Google address masked.
 */
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
  googleEmail: record.googleEmail ? maskedEmail(record.googleEmail) : null,
  googleOnly: !hasPassword(record.passwordHash),
  forumReplyEmails: record.forumReplyEmails ?? true,
  createdAt: record.createdAt,
});
