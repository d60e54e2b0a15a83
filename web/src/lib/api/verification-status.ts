import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { failureText, isSessionEnded } from '../error-text';
import { useQuery } from '../query';
import { useSession } from '../session';

const route = apiRoute('GET /auth/verification-status');

export const verificationStatusKey = (userId: string) =>
  ['auth/verification-status', userId] as const;

export const fetchVerificationStatus = async (): Promise<boolean> =>
  (await callApi(route)).isVerified;

export interface VerificationStatus {
  /** The server's answer; until it arrives (or if it fails), the stored user's flag. */
  isVerified: boolean;
  /** True once the server has answered. */
  isKnown: boolean;
  /** Sets the status at once and asks the server again. */
  setVerified: (isVerified: boolean) => void;
}

/** Whether the signed-in user's phone is verified. */
export const useVerificationStatus = (): VerificationStatus => {
  const { user } = useSession();
  const { data, mutate } = useQuery(
    user ? verificationStatusKey(user._id) : null,
    fetchVerificationStatus,
    {
      onError: (error: unknown) => {
        if (isSessionEnded(error)) return;
        toast.error(failureText('check verification status', error), {
          id: 'verification-status-failed',
        });
      },
    },
  );
  const setVerified = useCallback(
    (isVerified: boolean) => void mutate(isVerified, { revalidate: true }),
    [mutate],
  );
  return {
    isVerified: data ?? user?.isPhoneVerified ?? false,
    isKnown: data !== undefined,
    setVerified,
  };
};
