import { useCallback } from 'react';
import toast from 'react-hot-toast';
import useSWR from 'swr';
import { callApiLazily } from '#web/lib/lazy-api';
import { useSession } from '../auth/session-provider';

const CHECK_FAILED = 'Failed to check verification status';

export const verificationStatusKey = (userId: string) =>
  ['auth/verification-status', userId] as const;

export interface VerificationStatus {
  /** GET /auth/verification-status; until it answers (or if it fails), the stored user's flag. */
  isVerified: boolean;
  /** True once the server has answered. */
  isKnown: boolean;
  /** Sets the status at once and asks the server again. */
  setVerified: (isVerified: boolean) => void;
}

/** Whether the signed-in user's phone is verified (spec 1 §7). */
export const useVerificationStatus = (): VerificationStatus => {
  const { user } = useSession();
  const { data, mutate } = useSWR(
    user ? verificationStatusKey(user._id) : null,
    () =>
      callApiLazily((contract) => contract.auth.verificationStatus, {
        fallbackMessage: CHECK_FAILED,
      }),
    {
      onError: (error: unknown) => {
        const status = (error as { status?: number } | null)?.status;
        if (status === 401) return;
        const message = error instanceof Error && error.message ? error.message : '';
        toast.error(message ? `${CHECK_FAILED}: ${message}` : CHECK_FAILED, {
          id: 'verification-status-failed',
        });
      },
    },
  );
  const setVerified = useCallback(
    (isVerified: boolean) => void mutate({ isVerified }, { revalidate: true }),
    [mutate],
  );
  return {
    isVerified: data?.isVerified ?? user?.isPhoneVerified ?? false,
    isKnown: data !== undefined,
    setVerified,
  };
};
