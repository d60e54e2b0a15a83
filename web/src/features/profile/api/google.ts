import type { SessionsResponse } from '#shared/contract/auth';
import type { User } from '#shared/contract/users';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const linkRoute = apiRoute('POST /auth/google/link');
const unlinkRoute = apiRoute('DELETE /auth/google/link');
const sessionsRoute = apiRoute('GET /auth/sessions');

/** Checks the password again and answers Google's sign-in page, where the browser goes next. */
export const startGoogleLink = async (password: string): Promise<string> =>
  (await callApi(linkRoute, { body: { password } })).url;

/** Unlinks the account's Google account; answers the user without it. */
export const unlinkGoogle = (): Promise<User> => callApi(unlinkRoute);

/** The account's sessions that still stand, newest first. */
export const fetchSessions = (): Promise<SessionsResponse> => callApi(sessionsRoute);
