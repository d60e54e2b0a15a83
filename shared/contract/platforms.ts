import * as z from 'zod';
import { listOr } from '../domain/platform-media';
import { longestPostText } from '../domain/post-text-rules';
import { CONNECTABLE_PLATFORMS, PLATFORM_IDS, PLATFORMS, type PlatformId } from '../domain/tiers';
import { bodyErrors, companyIdValue, optionalText, refusingCharacters, text } from './fields';
import { lineProblem } from './unsafe-characters';
import type { ErrorCode } from './errors';
import { presignedUploadSchema, type PresignedUpload } from './presigned-upload';
import { defineRoute } from './route';

/** A connected account as the browser sees it: who it is, never its tokens. */
const platformCredentialSchema = z.object({
  _id: z.string(),
  platform: z.enum(PLATFORM_IDS),
  /** The provider's own id for the account (X user id, LinkedIn member id). */
  accountId: z.string(),
  /** `@handle` on X; the member's name on LinkedIn (LinkedIn has no public handle). */
  handle: z.string(),
  /** The connected account's display name, when the platform tells it. */
  accountName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  scopes: z.array(z.string()),
  /** When the access token stops working without a refresh (ISO), when the provider says. */
  expiresAt: z.string().nullable(),
  /** Why the credential cannot post until the owner reconnects: the provider refused it. */
  needsReconnection: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  metadata: z.object({ connected: z.boolean() }),
  /**
   * The Facebook Page the account posts as (Facebook) or is linked to (Instagram); absent on the
   * other platforms. On Facebook `handle` and `accountName` are the Page's name too.
   */
  page: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type PlatformCredential = z.infer<typeof platformCredentialSchema>;

/** The platforms connected through a Facebook Page chosen after consent. */
export const PAGE_PLATFORMS = ['facebook', 'instagram'] as const satisfies PlatformId[];
export type PagePlatform = (typeof PAGE_PLATFORMS)[number];

/** One Facebook Page a consent granted, and the Instagram professional account linked to it. */
const metaPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  pictureUrl: z.string().nullable(),
  instagram: z
    .object({
      id: z.string(),
      /** Without the `@`. */
      username: z.string(),
      pictureUrl: z.string().nullable(),
    })
    .nullable(),
  /**
   * Why the Page cannot be chosen for this platform, in the owner's words (on Instagram: no
   * professional account is linked to it, and what to change); null when it can.
   */
  problem: z.string().nullable(),
});
export type MetaPage = z.infer<typeof metaPageSchema>;

/**
 * The Pages a consent granted, waiting for the owner's choice (Facebook: the Page the company
 * posts as; Instagram: the Page whose linked account it posts as). The consent's callback sends
 * the browser to the Platforms screen with `choosePage=true&platform=…`.
 */
const pageChoiceSchema = z.object({
  platform: z.enum(PAGE_PLATFORMS),
  pages: z.array(metaPageSchema),
  /** Why none of them can be chosen, in the owner's words; null when one can. */
  problem: z.string().nullable(),
  /** When the choice lapses and the owner must connect again (ISO). */
  expiresAt: z.string(),
});
export type PageChoice = z.infer<typeof pageChoiceSchema>;

const choosePageBodySchema = z.strictObject(
  { pageId: text('Page', 'Choose a Page', 64) },
  bodyErrors(),
);
export type ChoosePageBody = z.input<typeof choosePageBodySchema>;

const authUrlSchema = z.object({ url: z.string() });

/**
 * Media for a post: what the browser asks to upload (the presigned POST's policy enforces type
 * and size at S3), then names by key in the post.
 */
export const mediaUploadRequestSchema = z.strictObject(
  {
    platform: z.enum(CONNECTABLE_PLATFORMS, {
      error: `Choose ${listOr(CONNECTABLE_PLATFORMS.map((platform) => PLATFORMS[platform].shortName))}`,
    }),
    fileName: text('File name', 'File name is required', 255),
    contentType: text('Content type', 'Content type is required', 100),
    size: z
      .number({ error: 'Size must be a number of bytes' })
      .int('Size must be a number of bytes')
      .positive('The file is empty'),
  },
  bodyErrors(),
);
const mediaUploadSchema = presignedUploadSchema;
export type MediaUpload = PresignedUpload;

export const ALT_TEXT_MAX = 1000;
/** Posting now goes to a platform that can be connected: the longest text one of them takes. */
export const POST_TEXT_MAX = longestPostText(CONNECTABLE_PLATFORMS);

const postMediaSchema = z.strictObject(
  {
    key: text('Media key', 'Media key is required', 512),
    altText: optionalText('Alt text', ALT_TEXT_MAX).optional(),
  },
  bodyErrors(),
);
const postBodySchema = z.strictObject(
  {
    // Line breaks and tabs belong in a post; control characters and direction overrides do not.
    text: optionalText('Post', POST_TEXT_MAX).refine(
      (value) => value.length > 0,
      'Please write something to post',
    ),
    media: z
      .array(postMediaSchema, { error: 'Media must be a list' })
      .max(20, 'A post can have at most 20 media files')
      .default([]),
  },
  bodyErrors(),
);
export type PostBody = z.input<typeof postBodySchema>;

const publishedPostSchema = z.object({
  platform: z.enum(CONNECTABLE_PLATFORMS),
  postId: z.string(),
  url: z.string(),
});
export type PublishedPost = z.infer<typeof publishedPostSchema>;

/** One query parameter from a provider: bounded, and one line of visible characters. */
const providerValue = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(refusingCharacters(label, lineProblem))
    .optional();

/** What the provider sends back to our callback (either a code or an error). */
const oauthCallbackQuerySchema = z.object({
  code: providerValue('code', 2048),
  state: providerValue('state', 256),
  error: providerValue('error', 256),
  error_description: providerValue('error_description', 1024),
});

/** A callback answers with a redirect to the Platforms screen; the body is empty. */
const redirectResponseSchema = z.undefined();

/**
 * What posting now may answer on any platform: the checks before the provider (a lapsed trial or
 * subscription first), then its answer.
 */
const POST_NOW_ERRORS = [
  'COMPANY_NOT_FOUND',
  'SUBSCRIPTION_REQUIRED',
  'PLATFORM_NOT_CONNECTED',
  'PLATFORM_NOT_IN_TIER',
  'PLATFORM_NEEDS_RECONNECTION',
  'POST_TOO_LONG',
  'MEDIA_INVALID',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_REJECTED',
  'PROVIDER_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** What choosing a Page may answer beside the company's own checks. */
const CHOOSE_PAGE_ERRORS = [
  'COMPANY_NOT_FOUND',
  'PLATFORM_NOT_IN_TIER',
  'PAGE_CHOICE_NOT_PENDING',
  'PAGE_NOT_FOUND',
] as const satisfies readonly ErrorCode[];

export const platformsRoutes = {
  listCredentials: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/platform-credentials',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary: "A company's connected social accounts (never their tokens)",
    response: z.array(platformCredentialSchema),
    errors: ['COMPANY_NOT_FOUND'],
  }),
  deleteCredential: defineRoute({
    method: 'DELETE',
    path: '/companies/{companyId}/platform-credentials/{credentialId}',
    owners: { companyId: 'company', credentialId: 'credential' },
    group: 'platforms',
    access: 'user',
    summary:
      'Disconnects an account: revokes its token at the provider where it can, then forgets it',
    response: z.object({ message: z.string() }),
    errors: ['COMPANY_NOT_FOUND', 'CREDENTIAL_NOT_FOUND'],
  }),
  twitterAuthUrl: defineRoute({
    method: 'GET',
    path: '/platforms/twitter/auth/{companyId}',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary: "X's consent page (OAuth 2.0 with PKCE) for connecting the company's account",
    response: authUrlSchema,
    errors: ['COMPANY_NOT_FOUND', 'PLATFORM_NOT_IN_TIER'],
  }),
  linkedinAuthUrl: defineRoute({
    method: 'GET',
    path: '/platforms/linkedin/oauth/initiate',
    group: 'platforms',
    access: 'user',
    summary: "LinkedIn's consent page for connecting a member's account to the company",
    // A query parameter has no path-id owner: its shape is checked here, its owner by the handler.
    query: z.object({ companyId: companyIdValue() }),
    response: authUrlSchema,
    errors: ['COMPANY_NOT_FOUND', 'PLATFORM_NOT_IN_TIER'],
  }),
  facebookAuthUrl: defineRoute({
    method: 'GET',
    path: '/platforms/facebook/auth/{companyId}',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      "Facebook Login for Business: Meta's consent page for the Pages the company may post as",
    response: authUrlSchema,
    errors: ['COMPANY_NOT_FOUND', 'PLATFORM_NOT_IN_TIER'],
  }),
  instagramAuthUrl: defineRoute({
    method: 'GET',
    path: '/platforms/instagram/auth/{companyId}',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      "Meta's consent page for the Pages whose linked Instagram professional accounts the company may post as",
    response: authUrlSchema,
    errors: ['COMPANY_NOT_FOUND', 'PLATFORM_NOT_IN_TIER'],
  }),
  twitterCallback: defineRoute({
    method: 'GET',
    path: '/platforms/twitter/callback',
    group: 'platforms',
    access: 'public',
    summary:
      'Where X returns after consent: stores the credential, then redirects to the Platforms screen with success or error',
    query: oauthCallbackQuerySchema,
    response: redirectResponseSchema,
    successStatus: 302,
    errors: [],
  }),
  linkedinCallback: defineRoute({
    method: 'GET',
    path: '/platforms/linkedin/callback',
    group: 'platforms',
    access: 'public',
    summary:
      'Where LinkedIn returns after consent: stores the credential, then redirects to the Platforms screen with success or error',
    query: oauthCallbackQuerySchema,
    response: redirectResponseSchema,
    successStatus: 302,
    errors: [],
  }),
  facebookCallback: defineRoute({
    method: 'GET',
    path: '/platforms/facebook/callback',
    group: 'platforms',
    access: 'public',
    summary:
      'Where Meta returns after consent: keeps the granted Pages for the owner to choose one, then redirects to the Platforms screen (choosePage=true) or with an error',
    query: oauthCallbackQuerySchema,
    response: redirectResponseSchema,
    successStatus: 302,
    errors: [],
  }),
  instagramCallback: defineRoute({
    method: 'GET',
    path: '/platforms/instagram/callback',
    group: 'platforms',
    access: 'public',
    summary:
      'Where Meta returns after consent for Instagram: keeps the granted Pages and their linked accounts for the owner to choose, then redirects to the Platforms screen (choosePage=true) or with an error',
    query: oauthCallbackQuerySchema,
    response: redirectResponseSchema,
    successStatus: 302,
    errors: [],
  }),
  facebookPages: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/platforms/facebook/pages',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary: 'The Pages a Facebook consent granted, for the owner to choose the one to post as',
    response: pageChoiceSchema,
    errors: ['COMPANY_NOT_FOUND', 'PAGE_CHOICE_NOT_PENDING'],
  }),
  instagramPages: defineRoute({
    method: 'GET',
    path: '/companies/{companyId}/platforms/instagram/pages',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      'The Pages an Instagram consent granted, with their linked Instagram accounts, for the owner to choose one',
    response: pageChoiceSchema,
    errors: ['COMPANY_NOT_FOUND', 'PAGE_CHOICE_NOT_PENDING'],
  }),
  chooseFacebookPage: defineRoute({
    method: 'PUT',
    path: '/companies/{companyId}/platforms/facebook/page',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      'Connects the Page the company posts as, from those the consent granted (its token is stored encrypted)',
    body: choosePageBodySchema,
    response: platformCredentialSchema,
    errors: CHOOSE_PAGE_ERRORS,
  }),
  chooseInstagramPage: defineRoute({
    method: 'PUT',
    path: '/companies/{companyId}/platforms/instagram/page',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      'Connects the Instagram professional account linked to the chosen Page, from those the consent granted',
    body: choosePageBodySchema,
    response: platformCredentialSchema,
    errors: [...CHOOSE_PAGE_ERRORS, 'INSTAGRAM_ACCOUNT_MISSING'],
  }),
  createMediaUpload: defineRoute({
    method: 'POST',
    path: '/companies/{companyId}/platform-media',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      "A presigned POST for one image or video of a post; S3's policy holds it to the platform's type and size limits",
    body: mediaUploadRequestSchema,
    response: mediaUploadSchema,
    successStatus: 201,
    errors: ['COMPANY_NOT_FOUND', 'MEDIA_TYPE_NOT_ALLOWED', 'MEDIA_TOO_LARGE'],
  }),
  postToTwitter: defineRoute({
    method: 'POST',
    path: '/platforms/twitter/post/{companyId}',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary: 'Posts now to the X account connected to the company, with uploaded media',
    body: postBodySchema,
    response: publishedPostSchema,
    successStatus: 201,
    // Only X refuses a post for repeating a recent one.
    errors: [...POST_NOW_ERRORS, 'PROVIDER_DUPLICATE_POST'],
  }),
  postToLinkedin: defineRoute({
    method: 'POST',
    path: '/platforms/linkedin/companies/{companyId}/post',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary: 'Posts now as the LinkedIn member connected to the company, with uploaded images',
    body: postBodySchema,
    response: publishedPostSchema,
    successStatus: 201,
    errors: POST_NOW_ERRORS,
  }),
  postToFacebook: defineRoute({
    method: 'POST',
    path: '/platforms/facebook/post/{companyId}',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      'Posts now as the Facebook Page connected to the company: text with a link preview, photos or a video',
    body: postBodySchema,
    response: publishedPostSchema,
    successStatus: 201,
    errors: POST_NOW_ERRORS,
  }),
  postToInstagram: defineRoute({
    method: 'POST',
    path: '/platforms/instagram/post/{companyId}',
    owners: { companyId: 'company' },
    group: 'platforms',
    access: 'user',
    summary:
      'Posts now as the Instagram account connected to the company: an image, a carousel or a video, with its caption',
    body: postBodySchema,
    response: publishedPostSchema,
    successStatus: 201,
    // Instagram has no text-only posts, and a rolling 24-hour limit of its own.
    errors: [...POST_NOW_ERRORS, 'MEDIA_REQUIRED', 'PUBLISHING_LIMIT_REACHED'],
  }),
} as const;
