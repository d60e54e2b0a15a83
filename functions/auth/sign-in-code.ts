import { createHash, randomBytes } from 'node:crypto';
import { SIGN_IN_CODE_TTL_SECONDS } from '#shared/domain/limits';
import { isConditionFailure } from '../core/db/conditions';
import { signInHandoffEntity } from '../core/db/entities/sign-in-handoff';
import { Invalid } from '../core/errors';

/**
 * The code a sign-in through Google hands the web app in its URL, instead of an access token
 * (which never travels in a URL): random, stored only as its hash, single-use and a minute long.
 * The web app trades it for the access token of the session the callback began.
 */

export const INVALID_SIGN_IN_CODE = 'This sign-in link has expired or was already used';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

export const issueSignInCode = async (input: {
  userId: string;
  sessionId: string;
}): Promise<string> => {
  const code = randomBytes(32).toString('base64url');
  await signInHandoffEntity()
    .create({
      kind: 'code',
      valueHash: sha256(code),
      userId: input.userId,
      sessionId: input.sessionId,
      createdAt: new Date().toISOString(),
      expiresAt: nowSeconds() + SIGN_IN_CODE_TTL_SECONDS,
    })
    .go({ response: 'none' });
  return code;
};

/** Spends a code: the session it names, once, within its minute; else INVALID_SIGN_IN_CODE. */
export const claimSignInCode = async (
  code: string,
): Promise<{ userId: string; sessionId: string }> => {
  const invalid = () => new Invalid('INVALID_SIGN_IN_CODE', INVALID_SIGN_IN_CODE);
  let claimed;
  try {
    ({ data: claimed } = await signInHandoffEntity()
      .delete({ kind: 'code', valueHash: sha256(code) })
      .where((attributes, { exists }) => exists(attributes.valueHash))
      .go({ response: 'all_old' }));
  } catch (error) {
    if (isConditionFailure(error)) throw invalid();
    throw error;
  }
  // TTL removes expired codes only eventually: the time is checked here.
  if (!claimed?.userId || !claimed.sessionId || claimed.expiresAt <= nowSeconds()) throw invalid();
  return { userId: claimed.userId, sessionId: claimed.sessionId };
};
