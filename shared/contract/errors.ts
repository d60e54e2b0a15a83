import * as z from 'zod';

/**
 * Every error answer carries one of these stable codes beside its human `message`. Clients decide
 * on the code (the message is for people and may be reworded); the OpenAPI document lists the
 * codes each route can answer. Each code has one HTTP status.
 */
export const ERROR_STATUS = {
  // Any route
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  UNAUTHENTICATED: 401,
  SESSION_ENDED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // Accounts
  INVALID_CREDENTIALS: 401,
  LOGIN_THROTTLED: 429,
  REGISTRATION_THROTTLED: 429,
  EMAIL_TAKEN: 409,
  PHONE_TAKEN: 409,
  USER_NOT_FOUND: 404,
  PROFILE_CHANGED: 409,
  INVALID_RESET_TOKEN: 400,
  INVALID_SIGN_IN_CODE: 400,
  WRONG_PASSWORD: 403,
  GOOGLE_ALREADY_LINKED: 409,
  GOOGLE_NOT_LINKED: 409,
  GOOGLE_ONLY_ACCOUNT: 409,
  // Phone verification
  PHONE_MISSING: 400,
  PHONE_MISMATCH: 400,
  PHONE_OPTED_OUT: 400,
  PHONE_CODE_MISSING: 400,
  PHONE_CODE_EXPIRED: 400,
  PHONE_CODE_WRONG: 400,
  PHONE_CODE_LOCKED: 400,
  PHONE_CHANGED: 400,
  PHONE_CODE_COOLDOWN: 429,
  SMS_LIMIT_REACHED: 429,
  PHONE_CODE_BUDGET_SPENT: 429,
  // Companies
  COMPANY_NOT_FOUND: 404,
  COMPANY_LIMIT_REACHED: 403,
  // Campaigns and their media
  CAMPAIGN_NOT_FOUND: 404,
  MEDIA_NOT_FOUND: 404,
  MEDIA_LIMIT_REACHED: 409,
  MEDIA_UPLOAD_MISSING: 400,
  // The website reader
  WEBSITE_INVALID: 400,
  WEBSITE_PRIVATE: 400,
  WEBSITE_UNREADABLE: 422,
  DRAFT_QUOTA_REACHED: 429,
  // The AI campaign generator
  GENERATION_NOT_FOUND: 404,
  GENERATION_ALREADY_USED: 409,
  AI_FAIR_USE_REACHED: 429,
  AI_UNAVAILABLE: 503,
  // Generated content and its review
  CONTENT_NOT_FOUND: 404,
  CONTENT_NOT_REVIEWABLE: 409,
  CONTENT_NOT_UNDOABLE: 409,
  CAMPAIGN_NOT_ACTIVE: 409,
  CAMPAIGN_NOT_RUNNING: 409,
  PLATFORM_NOT_IN_CAMPAIGN: 409,
  CONTENT_IMAGES_NOT_ALLOWED: 400,
  /** The post's media cannot be published on its platform (none on Instagram, a wrong shape). */
  CONTENT_MEDIA_UNSUITABLE: 409,
  CONTENT_NOT_SCHEDULED: 409,
  SLOT_NOT_FREE: 409,
  /** An approved post its campaign has no free slot for before it ends (it stays approved). */
  NO_FREE_SLOT: 409,
  REVIEW_LINK_NOT_FOUND: 404,
  // Platforms: connecting, credentials, media, posting now
  CREDENTIAL_NOT_FOUND: 404,
  PLATFORM_NOT_IN_TIER: 403,
  PLATFORM_NOT_CONNECTED: 409,
  PLATFORM_NEEDS_RECONNECTION: 409,
  POST_TOO_LONG: 400,
  MEDIA_TYPE_NOT_ALLOWED: 400,
  MEDIA_TOO_LARGE: 413,
  MEDIA_INVALID: 400,
  PROVIDER_RATE_LIMITED: 429,
  PROVIDER_DUPLICATE_POST: 409,
  PROVIDER_REJECTED: 422,
  PROVIDER_UNAVAILABLE: 503,
  /** A post needs an image or a video on this platform (Instagram). */
  MEDIA_REQUIRED: 400,
  /** The account's rolling 24-hour publishing limit at the platform is used up (Instagram). */
  PUBLISHING_LIMIT_REACHED: 429,
  /** Choosing a Facebook Page: no consent is waiting for a choice (none, used, or expired). */
  PAGE_CHOICE_NOT_PENDING: 409,
  /** Choosing a Facebook Page: the Page is not one the consent granted. */
  PAGE_NOT_FOUND: 404,
  /** Choosing the Page of an Instagram account: the Page has no professional account linked. */
  INSTAGRAM_ACCOUNT_MISSING: 409,
  // Support tickets
  SUPPORT_TICKET_NOT_FOUND: 404,
  /** A closed ticket takes no response and no change: open a new one. */
  SUPPORT_TICKET_CLOSED: 409,
  SUPPORT_TICKET_LIMIT_REACHED: 429,
  // Plans and billing
  SUBSCRIPTION_REQUIRED: 402,
  GENERATION_LIMIT_REACHED: 429,
  PLAN_ALREADY_ACTIVE: 409,
  PLAN_NOT_AVAILABLE: 409,
  NO_SUBSCRIPTION: 409,
  BILLING_UNAVAILABLE: 503,
  WEBHOOK_SIGNATURE_INVALID: 400,
  // The Founder Forum
  FORUM_CATEGORY_NOT_FOUND: 404,
  FORUM_THREAD_NOT_FOUND: 404,
  FORUM_POST_NOT_FOUND: 404,
  FORUM_SLUG_TAKEN: 409,
  FORUM_CATEGORY_LIMIT_REACHED: 409,
  FORUM_THREAD_CLOSED: 409,
  /** The author's edit came after the edit window (or the post was deleted). */
  FORUM_NOT_EDITABLE: 409,
  /** Editing or deleting someone else's post. */
  FORUM_NOT_AUTHOR: 403,
  FORUM_OWN_VOTE: 403,
  FORUM_THREAD_LIMIT_REACHED: 429,
  FORUM_REPLY_LIMIT_REACHED: 429,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The body of every error answer. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  error: z.string(),
  /** Per-field messages, keyed by the field's path (`email`, `brandColors.0`). */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
