import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { PATH_ID_PATTERN } from '#shared/contract/route';
import { useLocalTable } from '#test/support/local-table';
import { db, tableName } from '../core/db/client';
import { credentialIdFor, platformCredentialEntity } from '../core/db/entities/platform-credential';
import { findDueCredentials } from './connection-health';
import {
  findCredential,
  markNeedsReconnection,
  readTokens,
  storeConnection,
  toPlatformCredential,
} from './credentials';
import { TokenUnreadable } from './token-cipher';

/**
 * Credentials against DynamoDB Local: what is stored (ciphertexts only), what a reconnection keeps
 * and replaces, and the sparse index the connection-health job reads. The conditions and the
 * index are the point, so no mock stands in for the table.
 */
describe('platform credentials', () => {
  const days = (n: number) => new Date(Date.now() + n * 24 * 60 * 60_000).toISOString();
  const account = (id: string) => ({
    id,
    handle: `@${id}`,
    displayName: `Account ${id}`,
    avatarUrl: `https://img.example/${id}.png`,
  });

  useLocalTable({ CREDENTIAL_KEY: 'k'.repeat(64) });

  /** The item as DynamoDB holds it (every attribute, index keys included). */
  const rawItem = async (companyId: string, platform: 'twitter' | 'linkedin') => {
    const { Item } = await db().send(
      new GetCommand({
        TableName: tableName(),
        Key: platformCredentialEntity()
          .get({ companyId, credentialId: credentialIdFor(companyId, platform) })
          .params<{ Key: Record<string, string> }>().Key,
        ConsistentRead: true,
      }),
    );
    return Item ?? {};
  };

  it('derives one id per company and platform, shaped like every other path id', () => {
    const companyId = randomUUID();
    const id = credentialIdFor(companyId, 'twitter');
    expect(id).toMatch(PATH_ID_PATTERN);
    expect(credentialIdFor(companyId, 'twitter')).toBe(id);
    expect(credentialIdFor(companyId, 'linkedin')).not.toBe(id);
    expect(credentialIdFor(randomUUID(), 'twitter')).not.toBe(id);
  });

  it('stores only ciphertexts, and answers no token to the browser', async () => {
    const companyId = randomUUID();
    await storeConnection({
      companyId,
      platform: 'twitter',
      account: account('100'),
      grant: {
        accessToken: 'plain-access-token',
        refreshToken: 'plain-refresh-token',
        expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
        scopes: ['tweet.write', 'offline.access'],
      },
    });
    const raw = JSON.stringify(await rawItem(companyId, 'twitter'));
    expect(raw).not.toContain('plain-access-token');
    expect(raw).not.toContain('plain-refresh-token');
    const stored = (await findCredential(companyId, 'twitter'))!;
    expect(await readTokens(stored)).toEqual({
      accessToken: 'plain-access-token',
      refreshToken: 'plain-refresh-token',
    });
    const view = JSON.stringify(toPlatformCredential(stored));
    expect(view).not.toMatch(/plain-|v1\./);
    expect(toPlatformCredential(stored)).toMatchObject({
      _id: credentialIdFor(companyId, 'twitter'),
      handle: '@100',
      scopes: ['tweet.write', 'offline.access'],
      needsReconnection: false,
    });
  });

  it('refuses a ciphertext moved to another credential', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    for (const companyId of [first, second]) {
      await storeConnection({
        companyId,
        platform: 'twitter',
        account: account('200'),
        grant: { accessToken: `token-of-${companyId}`, scopes: [] },
      });
    }
    const victim = (await findCredential(first, 'twitter'))!;
    const other = (await findCredential(second, 'twitter'))!;
    await expect(readTokens({ ...other, accessToken: victim.accessToken })).rejects.toBeInstanceOf(
      TokenUnreadable,
    );
  });

  it('updates the same account in place, keeping its refresh token and creation when a grant has none', async () => {
    const companyId = randomUUID();
    const grant = { accessToken: 'a1', refreshToken: 'r1', scopes: ['w_member_social'] };
    const first = await storeConnection({
      companyId,
      platform: 'linkedin',
      account: account('m-1'),
      grant: { ...grant, expiresAt: days(60), refreshTokenExpiresAt: days(365) },
    });
    const again = await storeConnection({
      companyId,
      platform: 'linkedin',
      account: { ...account('m-1'), displayName: 'Renamed' },
      grant: { accessToken: 'a2', expiresAt: days(60), scopes: ['w_member_social'] },
    });
    expect(again.replaced).toBeNull();
    expect(again.credential.credentialId).toBe(first.credential.credentialId);
    expect(again.credential.createdAt).toBe(first.credential.createdAt);
    expect(again.credential.accountName).toBe('Renamed');
    expect(await readTokens(again.credential)).toEqual({ accessToken: 'a2', refreshToken: 'r1' });
    // Still a refresh token: the connection ends with it, not with the access token.
    expect(again.credential.reconnectBy).toBe(first.credential.refreshTokenExpiresAt);
    const { data } = await platformCredentialEntity().query.byCompany({ companyId }).go();
    expect(data).toHaveLength(1);
  });

  it('replaces another account of the same platform, dropping the old refresh token', async () => {
    const companyId = randomUUID();
    await storeConnection({
      companyId,
      platform: 'twitter',
      account: account('300'),
      grant: { accessToken: 'a1', refreshToken: 'r1', scopes: [] },
    });
    const other = await storeConnection({
      companyId,
      platform: 'twitter',
      account: account('301'),
      grant: { accessToken: 'b1', scopes: [] },
    });
    expect(other.replaced?.accountId).toBe('300');
    expect(await readTokens(other.credential)).toEqual({ accessToken: 'b1' });
  });

  it('puts a credential in the sparse index only while its owner is due a warning', async () => {
    const companyId = randomUUID();
    // An X grant with a refresh token has no set end: not in the index.
    await storeConnection({
      companyId,
      platform: 'twitter',
      account: account('400'),
      grant: { accessToken: 'a', refreshToken: 'r', expiresAt: days(0.08), scopes: [] },
    });
    expect((await rawItem(companyId, 'twitter')).gsi2pk).toBeUndefined();
    // A LinkedIn grant without one ends with its access token.
    await storeConnection({
      companyId,
      platform: 'linkedin',
      account: account('m-4'),
      grant: { accessToken: 'a', expiresAt: days(5), scopes: [] },
    });
    expect((await rawItem(companyId, 'linkedin')).gsi2pk).toBeDefined();
    const due = (await findDueCredentials()).filter((c) => c.companyId === companyId);
    expect(due.map((c) => c.platform)).toEqual(['linkedin']);

    // Refused by the provider: due at once, and marked once only.
    const twitter = (await findCredential(companyId, 'twitter'))!;
    await markNeedsReconnection(twitter);
    await markNeedsReconnection(twitter);
    const marked = (await findCredential(companyId, 'twitter'))!;
    expect(marked.needsReconnection).toBe(true);
    expect(
      (await findDueCredentials()).filter((c) => c.companyId === companyId).map((c) => c.platform),
    ).toEqual(['twitter', 'linkedin']);

    // Reconnecting clears the mark and the warning.
    await storeConnection({
      companyId,
      platform: 'twitter',
      account: account('400'),
      grant: { accessToken: 'a2', scopes: [] },
    });
    const reconnected = (await findCredential(companyId, 'twitter'))!;
    expect(reconnected.needsReconnection).toBe(false);
    expect(await readTokens(reconnected)).toEqual({ accessToken: 'a2', refreshToken: 'r' });
    expect((await rawItem(companyId, 'twitter')).gsi2pk).toBeUndefined();
  });
});
