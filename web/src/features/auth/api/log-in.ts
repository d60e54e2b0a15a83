import type { AuthResponse, LoginBody } from '#shared/contract/auth';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /auth/login');

export const logIn = (body: LoginBody): Promise<AuthResponse> => callApi(route, { body });
