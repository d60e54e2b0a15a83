import type { AuthResponse, GoogleSignInBody } from '#shared/contract/auth';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const route = apiRoute('POST /auth/google/callback');

/** Trades the callback's single-use code for the session Google sign-in began. */
export const completeGoogleSignIn = (body: GoogleSignInBody): Promise<AuthResponse> =>
  callApi(route, { body });
