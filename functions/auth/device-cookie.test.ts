import { createHmac } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { useProcessEnvironment } from '#test/support/process-environment';
import {
  accountsToForget,
  carriedDeviceToken,
  decodeDeviceToken,
  encodeDeviceToken,
  newDeviceToken,
  type DeviceToken,
} from './device-cookie';

const OWNER = '0b6f1c1e-6a52-4c59-9a0e-0f3b7d2a9c11';
const OWNER_EMAIL = 'owner@example.com';
const STRANGER = '7d1e2f30-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const STRANGER_EMAIL = 'stranger@example.com';
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

describe('device cookies', () => {
  useProcessEnvironment({ JWT_SECRET: 'k'.repeat(48) });

  const ownersCookie = (issuedAt?: number) =>
    encodeDeviceToken(newDeviceToken(OWNER, issuedAt), OWNER_EMAIL);

  it('round-trips the account, a random nonce and the time it was issued', async () => {
    const token = newDeviceToken(OWNER);
    const value = await encodeDeviceToken(token, OWNER_EMAIL);
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]{22}\.\d+\.[0-9a-f]{64}$/);
    expect(await decodeDeviceToken(OWNER, OWNER_EMAIL, value)).toEqual(token);
    expect(newDeviceToken(OWNER).nonce).not.toBe(token.nonce);
  });

  it("refuses another account's cookie, under its own name or this account's", async () => {
    const strangers = await encodeDeviceToken(newDeviceToken(STRANGER), STRANGER_EMAIL);
    expect(await decodeDeviceToken(OWNER, OWNER_EMAIL, strangers)).toBeNull();
    expect(await decodeDeviceToken(STRANGER, OWNER_EMAIL, strangers)).toBeNull();
    expect(await decodeDeviceToken(OWNER, STRANGER_EMAIL, await ownersCookie())).toBeNull();
  });

  it('refuses an edited nonce, time or signature, and anything not shaped like a cookie of ours', async () => {
    const value = await ownersCookie();
    const [format, nonce, issued, signature] = value.split('.') as [string, string, string, string];
    const otherNonce = nonce.startsWith('A') ? `B${nonce.slice(1)}` : `A${nonce.slice(1)}`;
    const otherSignature = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    for (const edited of [
      [format, otherNonce, issued, signature].join('.'),
      [format, nonce, String(Number(issued) - 1), signature].join('.'),
      [format, nonce, issued, otherSignature].join('.'),
      [format, nonce, issued, signature.toUpperCase()].join('.'),
      [format, nonce, issued, signature.slice(0, 32)].join('.'),
      ['v2', nonce, issued, signature].join('.'),
      `${value}.extra`,
      '',
      'v1...',
    ]) {
      expect(await decodeDeviceToken(OWNER, OWNER_EMAIL, edited), edited).toBeNull();
    }
  });

  it('refuses a cookie signed with another key', async () => {
    const token = newDeviceToken(OWNER);
    const signature = createHmac('sha256', 'x'.repeat(48))
      .update(`login-device:${OWNER}|${OWNER_EMAIL}|${token.nonce}|${token.issuedAt}`)
      .digest('hex');
    const forged = ['v1', token.nonce, token.issuedAt, signature].join('.');
    expect(await decodeDeviceToken(OWNER, OWNER_EMAIL, forged)).toBeNull();
  });

  it('ends a cookie a year after it was issued, and refuses one issued in the future', async () => {
    const now = Date.now();
    const decode = async (issuedAt: number) =>
      decodeDeviceToken(OWNER, OWNER_EMAIL, await ownersCookie(issuedAt), now);
    expect(await decode(now - YEAR_MS + 60_000)).toMatchObject({
      issuedAt: now - YEAR_MS + 60_000,
    });
    expect(await decode(now - YEAR_MS)).toBeNull();
    expect(await decode(now + 24 * 60 * 60 * 1000)).toBeNull();
  });

  it("finds the request's valid cookie for the email among others and forged copies", async () => {
    const owners = await ownersCookie();
    const strangers = await encodeDeviceToken(newDeviceToken(STRANGER), STRANGER_EMAIL);
    const event = (cookies: string[]) => ({ cookies }) as unknown as APIGatewayProxyEventV2;
    const ownerName = `sailpost_device_${OWNER}`;
    const strangerName = `sailpost_device_${STRANGER}`;

    const found = await carriedDeviceToken(
      event([
        `${ownerName}=${strangers}`,
        `${strangerName}=${strangers}`,
        `${ownerName}=${owners}`,
      ]),
      OWNER_EMAIL,
    );
    expect(found?.userId).toBe(OWNER);
    expect(
      await carriedDeviceToken(event([`${strangerName}=${strangers}`]), OWNER_EMAIL),
    ).toBeNull();
    expect(await carriedDeviceToken(event([`${ownerName}=${strangers}`]), OWNER_EMAIL)).toBeNull();
    expect(await carriedDeviceToken(event([`${strangerName}=${owners}`]), OWNER_EMAIL)).toBeNull();
    expect(
      await carriedDeviceToken(event([`sailpost_device_x=${owners}`]), OWNER_EMAIL),
    ).toBeNull();
    expect(await carriedDeviceToken(event([]), OWNER_EMAIL)).toBeNull();
  });
});

describe('accountsToForget', () => {
  const token = (userId: string, issuedAt: number): DeviceToken => ({
    userId,
    nonce: 'n',
    issuedAt,
  });

  it('keeps the most recently issued cookies and drops the older ones and the malformed ones', () => {
    const carried = [
      { userId: 'a', token: token('a', 100) },
      { userId: 'b', token: token('b', 400) },
      { userId: 'c', token: null },
      { userId: 'd', token: token('d', 300) },
      { userId: 'e', token: token('e', 200) },
    ];
    expect(accountsToForget(carried, 2)).toEqual(['a', 'c', 'e']);
    expect(accountsToForget(carried, 10)).toEqual(['c']);
  });

  it("keeps an account's valid cookie even beside an invalid copy of it", () => {
    const carried = [
      { userId: 'a', token: null },
      { userId: 'a', token: token('a', 100) },
    ];
    expect(accountsToForget(carried, 1)).toEqual([]);
  });
});
