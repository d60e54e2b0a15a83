import { useCallback } from 'react';
import toast from 'react-hot-toast';
import type { VerificationStatusResponse } from '#shared/contract/auth';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';
import { failureText, isSessionEnded } from '../error-text';
import { useQuery } from '../query';
import { useSession } from '../session';

const route = apiRoute('GET /auth/verification-status');

export const verificationStatusKey = (userId: string) =>
  ['auth/verification-status', userId] as const;

export type VerificationStatusData = VerificationStatusResponse;

export const fetchVerificationStatus = (): Promise<VerificationStatusData> => callApi(route);

/** What the app holds before the server has answered: verified as the stored user says, no code. */
export const unknownCodeStatus = (isVerified: boolean): VerificationStatusData => ({
  isVerified,
  codeExpiresAt: null,
  resendAvailableAt: null,
});

/** An epoch-milliseconds instant from the server's ISO time, or null. */
const instant = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

export interface VerificationStatus {
  /** The server's answer; until it arrives (or if it fails), the stored user's flag. */
  isVerified: boolean;
  /** True once the server has answered. */
  isKnown: boolean;
  /** Until when (epoch ms) the code sent last can verify the phone; null when none can. */
  codeExpiresAt: number | null;
  /** When (epoch ms) a new code may be asked for; null when now. */
  resendAvailableAt: number | null;
  /** Sets the status at once and asks the server again. */
  setVerified: (isVerified: boolean) => void;
  /** A code was just sent that works `seconds` from now (the send's answer says so). */
  codeSent: (seconds: number) => void;
  /** Asks the server again and answers what it says (undefined if it could not be read). */
  refresh: () => Promise<VerificationStatusData | undefined>;
}

/** Whether the signed-in user's phone is verified, and whether a code sent to it is still live. */
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
  const storedVerified = user?.isPhoneVerified ?? false;
  const setVerified = useCallback(
    (isVerified: boolean) =>
      void mutate((current) => ({ ...(current ?? unknownCodeStatus(isVerified)), isVerified }), {
        revalidate: true,
      }),
    [mutate],
  );
  const codeSent = useCallback(
    (seconds: number) =>
      void mutate(
        (current) => ({
          ...(current ?? unknownCodeStatus(storedVerified)),
          codeExpiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
        }),
        { revalidate: false },
      ),
    [mutate, storedVerified],
  );
  const refresh = useCallback(() => mutate(), [mutate]);
  return {
    isVerified: data?.isVerified ?? storedVerified,
    isKnown: data !== undefined,
    codeExpiresAt: instant(data?.codeExpiresAt ?? null),
    resendAvailableAt: instant(data?.resendAvailableAt ?? null),
    setVerified,
    codeSent,
    refresh,
  };
};
