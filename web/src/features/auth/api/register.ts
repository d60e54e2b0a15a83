import type { AuthResponse, RegisterBody } from '#shared/contract/auth';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /auth/register');

export const registerAccount = (body: RegisterBody): Promise<AuthResponse> =>
  callApi(route, { body });
