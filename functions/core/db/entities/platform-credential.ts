import { createHash } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import { PLATFORM_IDS, type ConnectablePlatform } from '#shared/domain/tiers';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/**
 * A social account connected to a company: who it is at the provider, and its tokens, encrypted
 * (functions/platforms/token-cipher.ts; the plain tokens never reach the table, a log or the
 * browser). Lives in the company's item collection (same partition key), so it goes when the
 * company goes. One per platform and company (functions/platforms/credentials.ts derives the id).
 */
export const platformCredentialEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'platformCredential', version: '1', service: 'sailpost' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          credentialId: { type: 'string', required: true, readOnly: true },
          platform: { type: PLATFORM_IDS, required: true },
          /** The provider's id of the account (X user id, LinkedIn member `sub`). */
          accountId: { type: 'string', required: true },
          /** `@handle` on X, the member's name on LinkedIn. */
          handle: { type: 'string', required: true },
          /** The display name. */
          accountName: { type: 'string' },
          avatarUrl: { type: 'string' },
          /** The Facebook Page the account posts as (Facebook) or is linked to (Instagram). */
          pageId: { type: 'string' },
          pageName: { type: 'string' },
          scopes: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
          /** Ciphertexts (`v1.…`), never the tokens themselves. */
          accessToken: { type: 'string' },
          refreshToken: { type: 'string' },
          /** When the access token expires (ISO), when the provider says. */
          expiresAt: { type: 'string' },
          /** When the refresh token expires (ISO), when the provider says (LinkedIn). */
          refreshTokenExpiresAt: { type: 'string' },
          /**
           * When posting stops working unless the owner reconnects (ISO): the refresh token's
           * expiry, or the access token's where there is no refresh token. Absent when the grant
           * lasts (an X refresh token has no set end).
           */
          reconnectBy: { type: 'string' },
          /** Raised on every change of the tokens; writes of new tokens are conditional on it. */
          tokenVersion: { type: 'number', required: true, default: 0 },
          /**
           * A refresh under way (X's refresh tokens are single-use, so one refresh at a time):
           * who holds it and until when (epoch ms). Past that time another caller may take over.
           */
          refreshLeaseId: { type: 'string' },
          refreshLeaseUntil: { type: 'number' },
          connected: { type: 'boolean', required: true, default: true },
          /** The provider refused the grant (revoked, expired): the owner must reconnect. */
          needsReconnection: { type: 'boolean', required: true, default: false },
          /**
           * The sparse index's sort key: present only while the owner has something to be warned
           * about and has not been yet — the time the connection ends (`reconnectBy`), or the
           * time the grant was found revoked. The connection-health job removes it when it has
           * warned; a new grant or a new refusal sets it again.
           */
          reconnectionDueAt: { type: 'string' },
          /** The constant partition key of the sparse index, present only with `reconnectionDueAt`. */
          reconnectionWatch: {
            type: ['due'] as const,
            hidden: true,
            watch: ['reconnectionDueAt'],
            set: (_: unknown, { reconnectionDueAt }: { reconnectionDueAt?: string }) =>
              reconnectionDueAt === undefined ? undefined : ('due' as const),
          },
          /** What the owner was last warned about (`reconnectionDueAt` at the time), for the record. */
          reconnectionNoticeFor: { type: 'string' },
          ...timestampAttributes,
        },
        indexes: {
          byCompany: {
            collection: 'companyItems',
            pk: { field: 'pk', composite: ['companyId'] },
            sk: { field: 'sk', composite: ['credentialId'] },
          },
          /**
           * Sparse: only credentials whose owner is due a reconnection warning, soonest first, so
           * the connection-health job finds them without a scan.
           */
          awaitingReconnectionNotice: {
            index: 'gsi2',
            condition: (attributes) => attributes.reconnectionDueAt !== undefined,
            pk: { field: 'gsi2pk', composite: ['reconnectionWatch'] },
            sk: { field: 'gsi2sk', composite: ['reconnectionDueAt'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type PlatformCredentialRecord = EntityItem<ReturnType<typeof platformCredentialEntity>>;

/**
 * One credential per platform and company, under an id derived from both: connecting again (the
 * same account or another one) updates that credential instead of adding a second, without a
 * lookup that two simultaneous callbacks could both miss. Shaped like the UUIDs of every other
 * path id (version nibble 8, "custom"), so the HTTP layer's id check treats it alike.
 */
export const credentialIdFor = (companyId: string, platform: ConnectablePlatform): string => {
  const hex = createHash('sha256')
    .update(`platform-credential\0${companyId}\0${platform}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
