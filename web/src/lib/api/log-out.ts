import { callApi } from '../api-client';
import { apiRoute } from '../api-route';

const route = apiRoute('POST /auth/logout');

/**
 * Ends this session on the server (its access token stops working at once; the refresh cookie is
 * cleared). Takes the token explicitly: the caller clears the stored session right after.
 */
export const logOut = (token: string | null): Promise<unknown> =>
  callApi(route, token ? { token } : {});
