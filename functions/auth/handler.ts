import { authRoutes } from '#shared/contract/auth';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../core/auth/passwords';
import { signAccessToken } from '../core/auth/tokens';
import { uniqueClaimEntity } from '../core/db/entities/unique-claim';
import { userEntity, type UserRecord } from '../core/db/entities/user';
import { Unauthenticated } from '../core/errors';
import { createGroupHandler } from '../core/http/group-handler';
import { createAccount } from '../core/accounts/accounts';
import { toPublicUser } from '../core/accounts/public-user';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle';
import { CODE_TTL_SECONDS, sendVerificationCode, verifyCode } from './phone-verification';
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from './password-reset';

/** One message for an unknown email and a wrong password, so sign-in does not reveal accounts. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

const session = async (user: UserRecord) => ({
  access_token: await signAccessToken({ userId: user.userId, tokenVersion: user.tokenVersion }),
  user: toPublicUser(user),
});

const findUserByEmail = async (email: string): Promise<UserRecord | null> => {
  const { data: claim } = await uniqueClaimEntity()
    .get({ kind: 'email', value: email })
    .go({ consistent: true });
  if (!claim) return null;
  const { data: user } = await userEntity().get({ userId: claim.userId }).go({ consistent: true });
  return user;
};

export const handler = createGroupHandler(authRoutes, {
  login: async ({ body }) => {
    const failures = await assertLoginAllowed(body.email);
    const user = await findUserByEmail(body.email);
    const valid = await verifyPassword(
      body.password,
      user?.passwordHash ?? (await decoyPasswordHash()),
    );
    if (!user || !valid) {
      await recordLoginFailure(body.email, failures);
      throw new Unauthenticated('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    // Only a sign-in that follows failures has anything to clear: no write on the usual path.
    if (failures) await clearLoginFailures(body.email);
    return session(user);
  },

  register: async ({ body }) => {
    const { password, ...profile } = body;
    const user = await createAccount({ ...profile, passwordHash: await hashPassword(password) });
    return session(user);
  },

  me: async ({ caller }) => toPublicUser(caller.user),

  forgotPassword: async ({ body }) => {
    await requestPasswordReset(body.email);
    return { message: RESET_REQUESTED };
  },

  resetPassword: async ({ body }) => {
    await resetPassword(body.token, body.newPassword);
    return { message: 'Your password has been reset. Please log in.' };
  },

  verificationStatus: async ({ caller }) => ({ isVerified: caller.user.phoneVerified }),

  sendVerificationCode: async ({ body, caller }) => {
    await sendVerificationCode(caller.user, body.phoneNumber);
    return { message: 'Verification code sent', expiresInSeconds: CODE_TTL_SECONDS };
  },

  verifyCode: async ({ body, caller }) => {
    await verifyCode(caller.user, body.code);
    return { isVerified: true as const, message: 'Phone number verified' };
  },
});
