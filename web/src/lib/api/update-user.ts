import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { UpdateUserBody, User } from '#shared/contract/users';
import { ApiError, callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { hasCode, messageOf } from '../error-text';
import { useSession } from '../session';
import {
  unknownCodeStatus,
  verificationStatusKey,
  type VerificationStatusData,
} from './verification-status';

const route = apiRoute('PUT /users/{id}');

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  failed: 'Failed to update profile',
  noUserId: 'No user ID found',
  phoneTaken: 'This phone number is already registered to another user',
  changedElsewhere: 'Your profile was changed in another window. Reload it and try again.',
  unexpected: 'An unexpected error occurred. Please try again later.',
} as const;

export class MissingUserIdError extends Error {
  constructor() {
    super(PROFILE_MESSAGES.noUserId);
  }
}

/** The user's own profile: name, phone, completed tours. The answer is the updated user. */
export const updateUser = (userId: string | undefined, body: UpdateUserBody): Promise<User> => {
  if (!userId) return Promise.reject(new MissingUserIdError());
  return callApi(route, { params: { id: userId }, body });
};

/**
 * Updates the signed-in user's profile, then the stored user and the verification status from
 * the answer (a new number is no longer verified).
 */
export const useUpdateUser = () => {
  const { mutate } = useSWRConfig();
  const { user, updateUser: storeUser } = useSession();
  const userId = user?._id;
  const storedPhone = user?.phoneNumber;
  return useCallback(
    async (body: UpdateUserBody): Promise<User> => {
      const updated = await updateUser(userId, body);
      storeUser(updated);
      const numberChanged = updated.phoneNumber !== storedPhone;
      void mutate(
        verificationStatusKey(updated._id),
        (current?: VerificationStatusData) =>
          // A code sent to the old number cannot verify the new one.
          numberChanged || !current
            ? unknownCodeStatus(updated.isPhoneVerified)
            : { ...current, isVerified: updated.isPhoneVerified },
        { revalidate: false },
      );
      return updated;
    },
    [mutate, storeUser, userId, storedPhone],
  );
};

/**
 * What to say when a profile update fails: a phone number taken by another account gets the
 * 'already registered' text, and a profile changed by another request since it was read (a second
 * window saving at once) the 'changed in another window' text, whatever the server's wording; a
 * 500's body has nothing for the owner; otherwise the server's message, else 'Failed to update
 * profile'.
 */
export const updateUserFailureText = (error: unknown): string => {
  if (error instanceof MissingUserIdError) return PROFILE_MESSAGES.noUserId;
  if (hasCode(error, 'PHONE_TAKEN')) return PROFILE_MESSAGES.phoneTaken;
  if (hasCode(error, 'PROFILE_CHANGED')) return PROFILE_MESSAGES.changedElsewhere;
  if (error instanceof ApiError && error.status === 500) return PROFILE_MESSAGES.unexpected;
  return messageOf(error, PROFILE_MESSAGES.failed);
};
