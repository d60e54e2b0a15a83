import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { useSession } from '../session';
import { fetchCurrentUser } from './current-user';
import { unknownCodeStatus, verificationStatusKey } from './verification-status';

const route = apiRoute('POST /auth/2fa/verify');

export const verifyPhoneCode = async (code: string): Promise<void> => {
  await callApi(route, { body: { code, isVerification: true } });
};

/**
 * Checks the texted code. On success the stored user and the verification status say verified at
 * once, and both are asked from the server again.
 */
export const useVerifyPhoneCode = () => {
  const { mutate } = useSWRConfig();
  const { user, updateUser } = useSession();
  const userId = user?._id;
  return useCallback(
    async (code: string) => {
      await verifyPhoneCode(code);
      updateUser({ isPhoneVerified: true });
      if (userId) {
        // Verified: no code is left to enter.
        void mutate(verificationStatusKey(userId), unknownCodeStatus(true), { revalidate: true });
      }
      fetchCurrentUser().then(updateUser, () => undefined);
    },
    [mutate, updateUser, userId],
  );
};
