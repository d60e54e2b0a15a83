import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_PREFIX } from '#shared/contract/route';
import { resolveAppUrl } from '../core/app-url';
import { startSession } from '../core/auth/sessions';
import { setRefreshCookie } from '../core/auth/session-cookie';
import { DomainError, Unavailable } from '../core/errors';
import type { UserRecord } from '../core/db/entities/user';
import { linkGoogleToAccount } from '../domain/accounts/google-link';
import type { Redirect } from '../core/http/group-handler';
import { logger } from '../core/logger';
import { signInWithGoogle } from '../domain/accounts/google-sign-in';
import {
  GoogleSignInRefused,
  GoogleSignInUnavailable,
  googleAuthorizationUrl,
  googleIdentityOf,
  newNonce,
  newPkceVerifier,
  pkceChallengeOf,
} from '../integrations/identity/google-openid';
import {
  bindGoogleAttempt,
  claimGoogleAttempt,
  type GoogleAttempt,
  type GoogleLinkIntent,
} from './google-state';
import { countRegistration } from './registration-limit';
import { issueSignInCode } from './sign-in-code';
import { clientAddress } from '../core/http/client-address';

/**
 * "Continue with Google", the browser's two trips: the start sends it to Google with a state,
 * nonce and PKCE challenge bound to it; Google's redirect back is checked, the user signed in
 * (the refresh cookie, as password sign-in sets it), and the browser sent on to the web app's
 * callback screen with a single-use code — never an access token — or with an error it shows.
 * Both are a browser's navigations: they always answer a redirect, never a JSON error.
 */

/** Why the web app's callback screen shows a failure (`error=`), with `message=` where we say more. */
export type GoogleFailure =
  | 'access_denied'
  | 'invalid_state'
  | 'google_refused'
  | 'account_exists'
  | 'unavailable'
  | 'throttled'
  | 'failed';

const redirectUriOf = async () => `${await resolveAppUrl()}${API_PREFIX}/auth/google/callback`;

const toWebApp = async (parameters: Record<string, string>): Promise<Redirect> => {
  const url = new URL('/auth/google/callback', await resolveAppUrl());
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return { location: url.toString() };
};

const failure = (error: GoogleFailure, message?: string) =>
  toWebApp({ error, ...(message ? { message } : {}) });

export const GOOGLE_UNAVAILABLE =
  'Google sign-in is unavailable right now. Please try again later.';

/** Google's sign-in URL for a new attempt bound to this browser (a sign-in, or a link). */
const authorizationUrlFor = async (
  event: APIGatewayProxyEventV2,
  link?: GoogleLinkIntent,
): Promise<string> => {
  const codeVerifier = newPkceVerifier();
  const attempt = await bindGoogleAttempt(event, {
    nonce: newNonce(),
    codeVerifier,
    ...(link ? { link } : {}),
  });
  return googleAuthorizationUrl({
    redirectUri: await redirectUriOf(),
    state: attempt.state,
    nonce: attempt.nonce,
    codeChallenge: await pkceChallengeOf(codeVerifier),
  });
};

export const startGoogleSignIn = async (event: APIGatewayProxyEventV2): Promise<Redirect> => {
  try {
    return { location: await authorizationUrlFor(event) };
  } catch (error) {
    if (!(error instanceof GoogleSignInUnavailable)) throw error;
    logger.error('Google sign-in could not start', error);
    return failure('unavailable');
  }
};

/**
 * Linking from the profile: the same flow, its attempt sealed with the account that began it (a
 * fetch from the web app, which then sends the browser to the URL answered, so the cookie is set
 * on this browser as for a sign-in).
 */
export const startGoogleLink = async (
  event: APIGatewayProxyEventV2,
  user: UserRecord,
): Promise<{ url: string }> => {
  try {
    return {
      url: await authorizationUrlFor(event, {
        userId: user.userId,
        tokenVersion: user.tokenVersion,
      }),
    };
  } catch (error) {
    if (!(error instanceof GoogleSignInUnavailable)) throw error;
    logger.error('Google link could not start', error);
    throw new Unavailable('SERVICE_UNAVAILABLE', GOOGLE_UNAVAILABLE);
  }
};

/** Back to the profile after a link: `google=linked`, or `google=failed` with words to show. */
const toProfile = async (parameters: Record<string, string>): Promise<Redirect> => {
  const url = new URL('/profile', await resolveAppUrl());
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return { location: url.toString() };
};

const GOOGLE_LINK_CANCELLED = 'Google was not linked: you cancelled at Google.';
const GOOGLE_LINK_FAILED = 'Google could not be linked. Please try again.';

interface CallbackQuery {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

const identityFrom = async (
  event: APIGatewayProxyEventV2,
  attempt: { state: string; nonce: string; codeVerifier: string },
) => {
  // The URL Google redirected to, as Google saw it (the app's origin, not the API's).
  const callbackUrl = new URL(await redirectUriOf());
  callbackUrl.search = event.rawQueryString ?? '';
  try {
    return await googleIdentityOf({ callbackUrl, ...attempt });
  } catch (error) {
    if (error instanceof GoogleSignInRefused) {
      logger.warn('Google sign-in refused', { reason: error.message });
      return 'google_refused' as const;
    }
    if (error instanceof GoogleSignInUnavailable) {
      logger.error('Google sign-in could not finish', error);
      return 'unavailable' as const;
    }
    throw error;
  }
};

export const finishGoogleSignIn = async (
  event: APIGatewayProxyEventV2,
  query: CallbackQuery,
): Promise<Redirect> => {
  const attempt = await claimGoogleAttempt(event, query.state);
  if (!attempt) {
    logger.warn('Google callback with a state that is unknown, spent or not this browser’s');
    return failure('invalid_state');
  }
  if (attempt.link) return finishGoogleLink(event, query, { ...attempt, link: attempt.link });
  if (query.error || !query.code) {
    return failure(query.error === 'access_denied' ? 'access_denied' : 'failed');
  }
  const identity = await identityFrom(event, attempt);
  if (typeof identity === 'string') return failure(identity);

  let signedIn;
  try {
    signedIn = await signInWithGoogle(identity, {
      // A new account through Google counts toward the same sign-up limit as registration.
      beforeCreate: () => countRegistration(clientAddress(event)),
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    logger.warn('Google sign-in could not make the account', { code: error.code });
    return error.code === 'REGISTRATION_THROTTLED'
      ? failure('throttled', error.message)
      : failure('failed');
  }
  if (signedIn.outcome === 'refused') return failure('account_exists', signedIn.message);
  const { user } = signedIn;
  // As registration: Google sign-in has no 'Remember me' box, and the session outlives the tab.
  const grant = await startSession(user, { persistent: true, method: 'google' });
  setRefreshCookie(event, grant);
  logger.info('Signed in with Google', { userId: user.userId, how: signedIn.how });
  return toWebApp({
    token: await issueSignInCode({ userId: user.userId, sessionId: grant.sessionId }),
  });
};

/** The callback of a link begun from the profile: nobody is signed in, the account gains Google. */
const finishGoogleLink = async (
  event: APIGatewayProxyEventV2,
  query: CallbackQuery,
  attempt: GoogleAttempt & { link: GoogleLinkIntent },
): Promise<Redirect> => {
  if (query.error || !query.code) {
    return toProfile({
      google: 'failed',
      message: query.error === 'access_denied' ? GOOGLE_LINK_CANCELLED : GOOGLE_LINK_FAILED,
    });
  }
  const identity = await identityFrom(event, attempt);
  if (typeof identity === 'string') {
    return toProfile({
      google: 'failed',
      message: identity === 'unavailable' ? GOOGLE_UNAVAILABLE : GOOGLE_LINK_FAILED,
    });
  }
  const linked = await linkGoogleToAccount(attempt.link, identity);
  if (linked.outcome === 'refused') return toProfile({ google: 'failed', message: linked.message });
  return toProfile({ google: 'linked' });
};
