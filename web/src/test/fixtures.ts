import type {
  Campaign,
  CampaignList,
  CampaignSummary,
  MediaAsset,
} from '#shared/contract/campaigns';
import {
  companySummaryOf,
  type Company,
  type CompanyOverview,
  type CompanyPage,
  type CompanySummary,
} from '#shared/contract/companies';
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
  timeZoneChosen: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

/** A company as the user's list shows it (GET /companies/user/{userId}): its summary. */
export const makeCompanySummary = (
  overrides: Partial<Company> = {},
  summary: Partial<CompanySummary> = {},
): CompanySummary => ({ ...companySummaryOf(makeCompany(overrides)), ...summary });

/**
 * One page of GET /companies/user/{userId} as a mock answer: the companies' summaries (whole
 * companies are cut down to theirs), the last page unless a `nextCursor` is given.
 */
export const companiesPage = (
  companies: readonly (Company | CompanySummary)[] = [],
  overrides: Partial<CompanyPage> = {},
): { body: CompanyPage } => ({
  body: {
    data: companies.map((company) => ('user' in company ? companySummaryOf(company) : company)),
    nextCursor: null,
    total: companies.length,
    ...overrides,
  },
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

/** The company overview as GET /companies/{companyId}/overview answers it (nothing yet). */
export const makeOverview = (overrides: Partial<CompanyOverview> = {}): CompanyOverview => ({
  company: makeCompany(),
  campaigns: { total: 0, active: 0, draft: 0, paused: 0, completed: 0 },
  recentActivity: [],
  connectedPlatforms: [],
  ...overrides,
});

export const makeMediaAsset = (overrides: Partial<MediaAsset> = {}): MediaAsset => ({
  _id: 'm1',
  type: 'image',
  url: 'https://media.example/companies/c1/campaigns/k1/m1.jpg?X-Amz-Signature=abc',
  thumbnailUrl: null,
  description: 'Latte art on the bar',
  usage: 'primary',
  platforms: ['twitter'],
  fileName: 'latte.jpg',
  contentType: 'image/jpeg',
  size: 240_000,
  createdAt: '2026-11-05T10:00:00.000Z',
  ...overrides,
});

/**
 * A campaign as GET /campaigns/{id} answers it: Mon, Wed, Fri at 9:00 and 17:30 New York time,
 * from Nov 10 to Dec 10, 2026 (the starts of those days in New York).
 */
export const makeCampaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  _id: 'k1',
  name: 'Autumn blend launch',
  description: 'Three weeks of posts for the new autumn blend.',
  company: 'c1',
  startDate: '2026-11-10T05:00:00.000Z',
  endDate: '2026-12-10T05:00:00.000Z',
  status: 'active',
  platforms: ['twitter'],
  campaignIntention: 'product-launch',
  contentSeeds: {
    brandVoice: 'Cosy and unhurried.',
    keyMessages: ['Roasted in Portland', 'Notes of fig and cocoa'],
    contentInstructions: 'Mention the tasting on Saturdays.',
    mediaAssets: [],
  },
  generatedContent: [],
  schedule: {
    timeZone: 'America/New_York',
    days: ['mon', 'wed', 'fri'],
    times: ['09:00', '17:30'],
  },
  createdAt: '2026-11-05T09:00:00.000Z',
  updatedAt: '2026-11-05T09:00:00.000Z',
  ...overrides,
});

/** A campaign as the list shows it (no media, a media count). */
export const makeCampaignSummary = (overrides: Partial<CampaignSummary> = {}): CampaignSummary => {
  const { contentSeeds, generatedContent: _content, ...campaign } = makeCampaign();
  const { mediaAssets: _media, ...seeds } = contentSeeds;
  return { ...campaign, contentSeeds: seeds, mediaCount: 0, ...overrides };
};

/** One page of GET /campaigns/company/{companyId}. */
export const makeCampaignList = (
  data: CampaignSummary[],
  overrides: Partial<CampaignList> = {},
): CampaignList => ({
  data,
  total: data.length,
  skip: 0,
  limit: 10,
  nextCursor: null,
  ...overrides,
});
