import type { User } from '#shared/contract/users';
import { callApi } from '../api-client';
import { apiRoute } from '../api-route';

const route = apiRoute('GET /auth/me');

/** The signed-in user; with `token`, the user a sign-in token belongs to (before it is stored). */
export const fetchCurrentUser = (token?: string): Promise<User> => callApi(route, { token });
