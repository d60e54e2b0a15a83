import type {
  CampaignAnalysis,
  CampaignDraft,
  CampaignHistory,
  Generation,
} from '#shared/contract/ai';
import type { Campaign, CampaignList, CampaignSummary } from '#shared/contract/campaigns';
import type { MediaAsset } from '#shared/contract/media';
import {
  companySummaryOf,
  type Company,
  type CompanyOverview,
  type CompanyPage,
  type CompanySummary,
} from '#shared/contract/companies';
import type { ContentGeneration, ContentList, GeneratedContent } from '#shared/contract/content';
import type { PlatformCredential } from '#shared/contract/platforms';
import type { VerificationStatusResponse } from '#shared/contract/auth';
import type { User } from '#shared/contract/users';
import { STORAGE_KEYS } from '#shared/domain/limits';
import { TOUR_IDS } from '#shared/domain/users';

/**
 * A signed-in user; by default one who has completed every onboarding tour, so that a screen's
 * test is not met by its tour (a test of the tours passes `completedTours`).
 */
export const makeUser = (overrides: Partial<User> = {}): User => ({
  _id: 'u1',
  email: 'maya@harbor.coffee',
  firstName: 'Maya',
  lastName: 'Lopez',
  phoneNumber: '+15555550123',
  role: 'user',
  completedTours: [...TOUR_IDS],
  isPhoneVerified: false,
  smsOptedOut: false,
  googleEmail: null,
  googleOnly: false,
  forumReplyEmails: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

/** The verification status of a phone without a live code (verified, or never sent one). */
export const makeVerificationStatus = (
  isVerified: boolean,
  overrides: Partial<VerificationStatusResponse> = {},
): VerificationStatusResponse => ({
  isVerified,
  codeExpiresAt: null,
  resendAvailableAt: null,
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
  morningHour: 8,
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
  upNext: [],
  connectedPlatforms: [],
  lastMorning: null,
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
    mode: 'fixed',
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

/** A campaign as the AI generator drafts it (one of the media area's files, used as primary). */
export const makeCampaignDraft = (overrides: Partial<CampaignDraft> = {}): CampaignDraft => ({
  name: 'Autumn Blend Mornings',
  description: 'Four weeks of cosy posts introducing the autumn blend to Portland regulars.',
  campaignIntention: 'product-launch',
  platforms: ['twitter'],
  contentSeeds: {
    brandVoice: 'Warm, unhurried, a little playful.',
    keyMessages: ['Roasted in Portland every morning', 'Notes of fig and cocoa'],
    contentInstructions: 'Mention the Saturday tastings once a week. No discount talk.',
  },
  mediaAssets: [],
  ...overrides,
});

/** The AI analysis of a draft: one website read, no feedback (a first version). */
export const makeCampaignAnalysis = (
  overrides: Partial<CampaignAnalysis> = {},
): CampaignAnalysis => ({
  promptUnderstanding: 'A product launch for the autumn blend, aimed at regulars.',
  websiteInsights: [
    {
      url: 'https://www.harbor.coffee',
      status: 'read',
      insights: ['Roasts in small batches in Portland'],
      error: null,
    },
  ],
  recommendedNextSteps: ['Connect LinkedIn to reach local businesses'],
  feedbackAnalysis: null,
  ...overrides,
});

/**
 * A generation as GET /ai/generations/{id} answers it: by default a first version that
 * succeeded. A pending or running one has no data; a failed one has its error.
 */
export const makeGeneration = (overrides: Partial<Generation> = {}): Generation => {
  const status = overrides.status ?? 'succeeded';
  const finished = status === 'succeeded' || status === 'failed';
  return {
    _id: 'g1',
    historyId: 'h1',
    companyId: 'c1',
    kind: 'generate',
    version: 1,
    status,
    stage: finished ? 'done' : 'drafting',
    progress: finished ? 100 : 40,
    input: {
      prompt: 'Launch our autumn blend to regulars',
      feedback: null,
      campaignIntention: 'product-launch',
      websiteUrls: ['https://www.harbor.coffee'],
      mediaAssets: [],
    },
    data:
      status === 'succeeded'
        ? { campaign: makeCampaignDraft(), analysis: makeCampaignAnalysis() }
        : null,
    error: status === 'failed' ? 'The AI service is busy. Please try again in a minute.' : null,
    source: finished ? 'openai' : null,
    createdAt: '2026-11-10T17:00:00.000Z',
    finishedAt: finished ? '2026-11-10T17:00:20.000Z' : null,
    adoptedCampaignId: null,
    ...overrides,
  };
};

/** GET /ai/companies/{companyId}/campaign-history: none yet, or these versions of one history. */
export const makeCampaignHistory = (versions: Generation[] = []): CampaignHistory => ({
  historyId: versions[0]?.historyId ?? null,
  versions,
});

/** A generated post as GET /campaigns/{campaignId}/content answers it: an X draft, version 1. */
export const makeContent = (overrides: Partial<GeneratedContent> = {}): GeneratedContent => ({
  _id: 'p1',
  campaignId: 'k1',
  content: 'Our autumn blend is here: fig, cocoa and a cosy finish. #AutumnBlend',
  status: 'draft',
  imageIds: [],
  publishError: null,
  metadata: { params: { platform: 'twitter' }, source: 'openai' },
  modificationHistory: [],
  version: 1,
  revisionId: null,
  scheduledFor: null,
  publishedAt: null,
  postUrl: null,
  results: null,
  slotReason: null,
  createdAt: '2026-11-10T14:00:00.000Z',
  updatedAt: '2026-11-10T14:00:00.000Z',
  ...overrides,
});

/** One page of a campaign's content (the last page unless a `nextCursor` is given). */
export const makeContentList = (
  data: GeneratedContent[],
  overrides: Partial<ContentList> = {},
): ContentList => ({ data, limit: 10, nextCursor: null, generating: [], ...overrides });

/**
 * A content generation as GET /ai/generations/{id} answers it: by default a new X post that
 * succeeded (post p9, texted to the owner). A running one is drafting; a failed one has its error.
 */
export const makeContentGeneration = (
  overrides: Partial<ContentGeneration> = {},
): ContentGeneration => {
  const status = overrides.status ?? 'succeeded';
  const finished = status === 'succeeded' || status === 'failed';
  return {
    _id: 'cg1',
    kind: 'content',
    companyId: 'c1',
    campaignId: 'k1',
    platform: 'twitter',
    status,
    stage: finished ? 'done' : 'drafting',
    progress: finished ? 100 : 40,
    contentId: status === 'succeeded' ? 'p9' : null,
    error: status === 'failed' ? 'The AI service is busy. Please try again in a minute.' : null,
    source: finished ? 'openai' : null,
    notification: status === 'succeeded' ? 'sent' : null,
    createdAt: '2026-11-10T17:00:00.000Z',
    finishedAt: finished ? '2026-11-10T17:00:20.000Z' : null,
    ...overrides,
  };
};
