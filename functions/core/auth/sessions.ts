import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_REUSE_GRACE_SECONDS, SESSION_TTL_SECONDS } from '#shared/domain/limits';
import { isConditionFailure } from '../db/conditions';
import { sessionEntity, type SessionRecord } from '../db/entities/session';
import { userEntity, type UserRecord } from '../db/entities/user';
import { Unauthenticated } from '../errors';
import { logger } from '../logger';

/**
 * Server-side sessions behind the short-lived access tokens. A refresh token is
 * `<userId>.<sessionId>.<secret>`: the ids find the session item with one GetItem, the 256-bit
 * secret proves possession. Only its SHA-256 is stored (the secret is random, so no salt or slow
 * hash is needed). Each refresh rotates the secret; presenting a rotated one after a short grace is
 * taken as theft (someone kept a copy) and ends the session for both holders.
 */

export interface SessionGrant {
  sessionId: string;
  /** The new refresh token to set as the cookie; null when the browser already holds the newest. */
  refreshToken: string | null;
  persistent: boolean;
  /** Epoch seconds at which the session ends whatever happens. */
  expiresAt: number;
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';
const sessionEnded = () => new Unauthenticated('SESSION_ENDED', SESSION_ENDED);

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
const newSecret = (): string => randomBytes(32).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

const refreshTokenOf = (userId: string, sessionId: string, secret: string) =>
  `${userId}.${sessionId}.${secret}`;

interface ParsedRefreshToken {
  userId: string;
  sessionId: string;
  secret: string;
}

const parseRefreshToken = (token: string | undefined): ParsedRefreshToken | null => {
  const parts = token?.split('.') ?? [];
  if (parts.length !== 3 || parts.some((part) => !part || part.length > 200)) return null;
  const [userId, sessionId, secret] = parts as [string, string, string];
  return { userId, sessionId, secret };
};

/** How a session began: the account's password, or Google. */
export type SignInMethod = 'password' | 'google';

export const startSession = async (
  user: Pick<UserRecord, 'userId' | 'tokenVersion'>,
  options: { persistent: boolean; method: SignInMethod },
): Promise<SessionGrant> => {
  const sessionId = randomUUID();
  const secret = newSecret();
  const expiresAt = nowSeconds() + SESSION_TTL_SECONDS;
  await sessionEntity()
    .create({
      userId: user.userId,
      sessionId,
      refreshHash: sha256(secret),
      tokenVersion: user.tokenVersion,
      persistent: options.persistent,
      method: options.method,
      createdAt: new Date().toISOString(),
      expiresAt,
    })
    .go();
  return {
    sessionId,
    refreshToken: refreshTokenOf(user.userId, sessionId, secret),
    persistent: options.persistent,
    expiresAt,
  };
};

/** Alive: not expired (TTL deletes lazily) and begun under the user's current token version. */
export const isSessionAlive = (
  session: SessionRecord | null,
  user: Pick<UserRecord, 'tokenVersion'> | null,
): session is SessionRecord =>
  !!session &&
  !!user &&
  session.expiresAt > nowSeconds() &&
  session.tokenVersion === user.tokenVersion;

/** Reads one session; consistent, so a session ended a moment ago is seen as ended. */
export const readSession = async (userId: string, sessionId: string) =>
  (await sessionEntity().get({ userId, sessionId }).go({ consistent: true })).data;

const deleteSession = (userId: string, sessionId: string) =>
  sessionEntity().delete({ userId, sessionId }).go();

/**
 * Trades a refresh token for a rotated one. Two tabs refreshing at once present the same token:
 * the second finds it just rotated and is let through without a new cookie (the first answer
 * already set it in the shared cookie jar).
 */
export const refreshSession = async (
  token: string | undefined,
): Promise<{ user: UserRecord; grant: SessionGrant }> => {
  const parsed = parseRefreshToken(token);
  if (!parsed) throw new Unauthenticated('UNAUTHENTICATED', 'Sign-in required');
  const { userId, sessionId, secret } = parsed;
  const [session, { data: user }] = await Promise.all([
    readSession(userId, sessionId),
    userEntity().get({ userId }).go({ consistent: true }),
  ]);
  if (!isSessionAlive(session, user) || !user) {
    if (session) await deleteSession(userId, sessionId);
    throw sessionEnded();
  }

  const presented = sha256(secret);
  const grant = (refreshToken: string | null): SessionGrant => ({
    sessionId,
    refreshToken,
    persistent: session.persistent,
    expiresAt: session.expiresAt,
  });
  const withinGrace =
    presented === session.previousRefreshHash &&
    Date.now() - (session.rotatedAt ?? 0) <= REFRESH_REUSE_GRACE_SECONDS * 1000;
  if (withinGrace) return { user, grant: grant(null) };

  if (presented !== session.refreshHash) {
    // A rotated token came back after the grace: one copy was stolen. End the whole session.
    logger.warn('Refresh token reused; session ended', { userId, sessionId });
    await deleteSession(userId, sessionId);
    throw sessionEnded();
  }

  const next = newSecret();
  try {
    await sessionEntity()
      .patch({ userId, sessionId })
      .set({ refreshHash: sha256(next), previousRefreshHash: presented, rotatedAt: Date.now() })
      .where((attributes, { eq }) => eq(attributes.refreshHash, presented))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Rotated by a parallel refresh a moment ago (or ended): the same rules apply again.
    const current = await readSession(userId, sessionId);
    if (isSessionAlive(current, user) && current.previousRefreshHash === presented) {
      return { user, grant: grant(null) };
    }
    throw sessionEnded();
  }
  return { user, grant: grant(refreshTokenOf(userId, sessionId, next)) };
};

/**
 * The account's sign-in events that still stand: each live session, how and when it began, the
 * newest first. A refresh keeps its session, so each sign-in is one entry however often it is
 * refreshed.
 */
export const liveSessions = async (
  user: Pick<UserRecord, 'userId' | 'tokenVersion'>,
): Promise<SessionRecord[]> => {
  const { data } = await sessionEntity()
    .query.byUser({ userId: user.userId })
    .go({ pages: 'all', consistent: true });
  return data
    .filter((session) => isSessionAlive(session, user))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
};

/** Sign-out: ends the session the caller holds (a stale or foreign token ends nothing). */
export const endSessionByRefreshToken = async (token: string | undefined): Promise<void> => {
  const parsed = parseRefreshToken(token);
  if (!parsed) return;
  const session = await readSession(parsed.userId, parsed.sessionId);
  const presented = sha256(parsed.secret);
  if (session && [session.refreshHash, session.previousRefreshHash].includes(presented)) {
    await deleteSession(parsed.userId, parsed.sessionId);
  }
};

export const endSession = async (userId: string, sessionId: string): Promise<void> => {
  await deleteSession(userId, sessionId);
};

/**
 * Sign out everywhere: raising the token version refuses every access token and every session at
 * once (both carry the version); deleting the items then tidies up.
 */
export const endAllSessions = async (userId: string): Promise<void> => {
  await userEntity().patch({ userId }).add({ tokenVersion: 1 }).go();
  const { data: sessions } = await sessionEntity().query.byUser({ userId }).go({ pages: 'all' });
  await Promise.all(sessions.map((session) => deleteSession(userId, session.sessionId)));
};
