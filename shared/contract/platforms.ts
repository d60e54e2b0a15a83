import * as z from 'zod';
import { listOr } from '../domain/platform-media';
import { longestPostText } from '../domain/post-text-rules';
import { CONNECTABLE_PLATFORMS, PLATFORM_IDS, PLATFORMS } from '../domain/tiers';
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
});
export type PlatformCredential = z.infer<typeof platformCredentialSchema>;

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
} as const;
