import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /auth/reset-password');

export const resetPassword = async (token: string, newPassword: string): Promise<void> => {
  await callApi(route, { body: { token, newPassword } });
};
