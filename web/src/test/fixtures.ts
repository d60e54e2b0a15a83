import type { Company } from '#shared/contract/companies';
import type { PlatformCredential } from '#shared/contract/platforms';
import type { User } from '#shared/contract/users';
import { STORAGE_KEYS } from '#shared/domain/limits';

export const makeUser = (overrides: Partial<User> = {}): User => ({
  _id: 'u1',
  email: 'maya@harbor.coffee',
  firstName: 'Maya',
  lastName: 'Lopez',
  phoneNumber: '+15555550123',
  role: 'user',
  completedTours: [],
  isPhoneVerified: false,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned JWT (the client only decodes it) expiring `secondsFromNow` from now. */
export const makeToken = (secondsFromNow = 3600, claims: Record<string, unknown> = {}) =>
  `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({
    sub: 'u1',
    exp: Math.floor(Date.now() / 1000) + secondsFromNow,
    ...claims,
  })}.signature`;

/** Stores a session as the app would ('Remember me' → localStorage). */
export const seedSession = (
  { token = makeToken(), user = makeUser() }: { token?: string; user?: User } = {},
  { remember = true }: { remember?: boolean } = {},
) => {
  const store = remember ? window.localStorage : window.sessionStorage;
  store.setItem(STORAGE_KEYS.token, token);
  store.setItem(STORAGE_KEYS.user, JSON.stringify(user));
};

export const makeCompany = (overrides: Partial<Company> = {}): Company => ({
  _id: 'c1',
  user: 'u1',
  name: 'Harbor Coffee',
  description: 'Small-batch roastery in Portland',
  website: 'https://www.harbor.coffee',
  brandColors: ['#0B5FFF', '#E4572E'],
  brandVoice: 'Warm and plain-spoken.',
  subscriptionTier: 'intro',
  trialEndDate: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  pendingDowngrade: false,
  subscriptionCurrentPeriodEnd: null,
  subscription: { status: null },
  founder: false,
  timeZone: 'America/Los_Angeles',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

export const makeCredential = (
  overrides: Partial<PlatformCredential> = {},
): PlatformCredential => ({
  _id: 'cred-x',
  platform: 'twitter',
  accountId: '1460000000000000000',
  handle: '@harborcoffee',
  accountName: 'Harbor Coffee',
  avatarUrl: null,
  scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'],
  expiresAt: null,
  needsReconnection: false,
  createdAt: '2026-11-03T10:00:00.000Z',
  updatedAt: '2026-11-03T10:00:00.000Z',
  metadata: { connected: true },
  ...overrides,
});
