import { callApi } from '../api-client';
import { apiRoute } from '../api-route';

const route = apiRoute('POST /auth/2fa/enable');

/** Texts a 6-digit code to `phoneNumber`, which must be the number on the profile. */
export const sendVerificationCode = async (phoneNumber: string): Promise<void> => {
  await callApi(route, { body: { phoneNumber, isVerification: true } });
};
