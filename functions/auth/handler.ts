import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { authRoutes } from '#shared/contract/auth';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../core/auth/passwords';
import { signAccessToken } from '../core/auth/tokens';
import {
  endAllSessions,
  isSessionAlive,
  liveSessions,
  readSession,
  refreshSession,
  startSession,
  type SessionGrant,
  type SignInMethod,
} from '../core/auth/sessions';
import {
  clearRefreshCookie,
  readRefreshCookie,
  sessionCookies,
  setRefreshCookie,
} from '../core/auth/session-cookie';
import { signOut } from '../core/auth/sign-out';
import { uniqueClaimEntity } from '../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { Invalid, Unauthenticated } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';
import { createAccount } from '../domain/accounts/accounts';
import { toPublicUser } from '../domain/accounts/public-user';
import { clientAddress } from '../core/http/client-address';
import { carriedDeviceToken, rememberDevice } from './device-cookie';
import { beginLoginAttempt, loginSucceeded, type KnownDevice } from './login-throttle';
import { countRegistration } from './registration-limit';
import {
  CODE_TTL_SECONDS,
  sendVerificationCode,
  verificationStatus,
  verifyCode,
} from './phone-verification';
import { RESET_REQUESTED, resetPassword, startPasswordResetEmail } from './password-reset';
import { finishGoogleSignIn, startGoogleSignIn } from './google-sign-in';
import { beginGoogleLink } from './google-link';
import { unlinkGoogle } from '../domain/accounts/google-link';
import { claimSignInCode, INVALID_SIGN_IN_CODE } from './sign-in-code';

/** One message for an unknown email and a wrong password, so sign-in does not reveal accounts. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** The answer of every sign-in and refresh: a 15-minute access token, the user, and the cookie. */
const sessionAnswer = async (
  user: UserRecord,
  grant: SessionGrant,
  event: APIGatewayProxyEventV2,
) => {
  setRefreshCookie(event, grant);
  return {
    access_token: await signAccessToken({
      userId: user.userId,
      tokenVersion: user.tokenVersion,
      sessionId: grant.sessionId,
    }),
    user: toPublicUser(user),
  };
};

const session = async (
  user: UserRecord,
  event: APIGatewayProxyEventV2,
  options: { persistent: boolean; method: SignInMethod },
) => sessionAnswer(user, await startSession(user, options), event);

const findUserByEmail = async (email: string): Promise<UserRecord | null> => {
  const { data: claim } = await uniqueClaimEntity()
    .get({ kind: 'email', value: email })
    .go({ consistent: true });
  if (!claim) return null;
  const { data: user } = await userEntity().get({ userId: claim.userId }).go({ consistent: true });
  return user;
};

/**
 * The browser's standing for this email: a valid device cookie for it, and the account's token
 * version (a reset raises it). Only a browser holding such a cookie causes a read before the
 * attempt is counted, so how long a refused attempt takes says nothing of which emails have
 * accounts.
 */
const knownDevice = async (
  event: APIGatewayProxyEventV2,
  email: string,
): Promise<KnownDevice | null> => {
  const token = await carriedDeviceToken(event, email);
  if (!token) return null;
  const { data: user } = await userEntity().get({ userId: token.userId }).go({ consistent: true });
  // An account deleted since, whose email someone registered again, is another account.
  if (!user || user.email !== email) return null;
  return { userId: user.userId, nonce: token.nonce, generation: user.tokenVersion };
};

const routeHandler = createGroupHandler(authRoutes, {
  login: async ({ body, event }) => {
    const attempt = await beginLoginAttempt({
      email: body.email,
      client: clientAddress(event),
      device: await knownDevice(event, body.email),
    });
    const user = await findUserByEmail(body.email);
    const valid = await verifyPassword(
      body.password,
      user?.passwordHash ?? (await decoyPasswordHash()),
    );
    if (!user || !valid) throw new Unauthenticated('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    await loginSucceeded(attempt);
    await rememberDevice(event, user);
    return session(user, event, { persistent: body.remember ?? false, method: 'password' });
  },

  register: async ({ body, event }) => {
    await countRegistration(clientAddress(event));
    const { password, ...profile } = body;
    const user = await createAccount({ ...profile, passwordHash: await hashPassword(password) });
    await rememberDevice(event, user);
    return session(user, event, { persistent: true, method: 'password' });
  },

  googleStart: async ({ event }) => startGoogleSignIn(event),

  googleCallback: async ({ query, event }) => finishGoogleSignIn(event, query),

  googleLink: async ({ body, caller, event }) => beginGoogleLink(event, caller.user, body.password),

  googleUnlink: async ({ caller }) => toPublicUser(await unlinkGoogle(caller.user)),

  sessions: async ({ caller }) => ({
    sessions: (await liveSessions(caller.user)).map((entry) => ({
      id: entry.sessionId,
      method: entry.method ?? null,
      signedInAt: entry.createdAt,
      current: entry.sessionId === caller.sessionId,
    })),
  }),

  googleSignIn: async ({ body }) => {
    const { userId, sessionId } = await claimSignInCode(body.token);
    const { data: user } = await userEntity().get({ userId }).go({ consistent: true });
    // Ended since the callback began it (signed out everywhere, a password reset): no token.
    if (!user || !isSessionAlive(await readSession(userId, sessionId), user)) {
      throw new Invalid('INVALID_SIGN_IN_CODE', INVALID_SIGN_IN_CODE);
    }
    return {
      access_token: await signAccessToken({
        userId,
        tokenVersion: user.tokenVersion,
        sessionId,
      }),
      user: toPublicUser(user),
    };
  },

  refresh: async ({ event }) => {
    const { user, grant } = await refreshSession(readRefreshCookie(event));
    return sessionAnswer(user, grant, event);
  },

  logout: async ({ event }) => {
    await signOut(event.headers?.authorization, readRefreshCookie(event));
    clearRefreshCookie(event);
    return { message: 'Signed out' };
  },

  logoutEverywhere: async ({ caller, event }) => {
    await endAllSessions(caller.userId);
    clearRefreshCookie(event);
    return { message: 'Signed out on every device' };
  },

  me: async ({ caller }) => toPublicUser(caller.user),

  forgotPassword: async ({ body }) => {
    await startPasswordResetEmail(body.email);
    return { message: RESET_REQUESTED };
  },

  resetPassword: async ({ body, event }) => {
    await resetPassword(body.token, body.newPassword, clientAddress(event));
    return { message: 'Your password has been reset. Please log in.' };
  },

  verificationStatus: async ({ caller }) => {
    const status = await verificationStatus(caller.user);
    return {
      isVerified: status.isVerified,
      codeExpiresAt: status.codeExpiresAt?.toISOString() ?? null,
      resendAvailableAt: status.resendAvailableAt?.toISOString() ?? null,
    };
  },

  sendVerificationCode: async ({ body, caller, event }) => {
    await sendVerificationCode(caller.user, body.phoneNumber, clientAddress(event));
    return { message: 'Verification code sent', expiresInSeconds: CODE_TTL_SECONDS };
  },

  verifyCode: async ({ body, caller }) => {
    await verifyCode(caller.user, body.code);
    return { isVerified: true as const, message: 'Phone number verified' };
  },
});

/**
 * Sign-in, refresh and sign-out answers carry the refresh cookie (see core/auth/session-cookie);
 * sign-in and registration also the device cookie (./device-cookie).
 */
export const handler = Object.assign(routeHandler.use(sessionCookies()), {
  routeKeys: routeHandler.routeKeys,
});
