import type { UpdateUserBody, User } from '#shared/contract/users';
import { contract } from '#shared/contract/manifest';
import { ApiError, callApi } from '#web/lib/api-client';

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  failed: 'Failed to update profile',
  noUserId: 'No user ID found',
  phoneTaken: 'This phone number is already registered to another user',
  unexpected: 'An unexpected error occurred. Please try again later.',
} as const;

export class MissingUserIdError extends Error {
  constructor() {
    super(PROFILE_MESSAGES.noUserId);
  }
}

/** PUT /users/{id}; the answer is the updated user. */
export const updateProfile = (userId: string | undefined, body: UpdateUserBody): Promise<User> => {
  if (!userId) return Promise.reject(new MissingUserIdError());
  return callApi(contract.users.update, {
    params: { id: userId },
    body,
    fallbackMessage: PROFILE_MESSAGES.failed,
  });
};

/**
 * What to say when a profile update fails (spec 1 §8): a duplicate phone in any wording becomes
 * the 'already registered' text; a 500 the unexpected-error text (its body has nothing for the
 * owner); otherwise the server's message, else 'Failed to update profile'.
 */
export const profileErrorMessage = (error: unknown): string => {
  if (error instanceof MissingUserIdError) return PROFILE_MESSAGES.noUserId;
  if (!(error instanceof ApiError)) return PROFILE_MESSAGES.failed;
  const { message } = error;
  if (/duplicate key|E11000/i.test(message) || message === PROFILE_MESSAGES.phoneTaken) {
    return PROFILE_MESSAGES.phoneTaken;
  }
  if (error.status === 500) return PROFILE_MESSAGES.unexpected;
  return message || PROFILE_MESSAGES.failed;
};
