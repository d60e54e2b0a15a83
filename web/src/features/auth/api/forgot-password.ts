import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /auth/forgot-password');

/** Sends a reset link if the address has an account; the answer is the same either way. */
export const requestPasswordReset = async (email: string): Promise<void> => {
  await callApi(route, { body: { email } });
};
