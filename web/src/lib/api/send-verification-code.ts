import { callApi } from '../api-client';
import { apiRoute } from '../api-route';

const route = apiRoute('POST /auth/2fa/enable');

/**
 * Texts a 6-digit code to `phoneNumber`, which must be the number on the profile. Answers how
 * long the code works, in seconds.
 */
export const sendVerificationCode = async (phoneNumber: string): Promise<number> => {
  const { expiresInSeconds } = await callApi(route, {
    body: { phoneNumber, isVerification: true },
  });
  return expiresInSeconds;
};
