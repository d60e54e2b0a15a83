import { PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import {
  ProviderAuthRevoked,
  ProviderDuplicatePost,
  ProviderPermissionMissing,
  ProviderRateLimited,
  ProviderRejected,
  ProviderUnavailable,
  type ProviderError,
} from './provider-errors';
import { misconfigured, type RequestStep } from './provider-failures';

/**
 * The Graph API's failures in the owner's words. Meta answers a failure with a code (and often a
 * subcode) in `{ error: { message, code, error_subcode } }`, mostly with HTTP 400 whatever the
 * kind, so the code decides, not the status:
 * https://developers.facebook.com/docs/graph-api/guides/error-handling
 */

export interface GraphError {
  message: string;
  code?: number;
  error_subcode?: number;
  type?: string;
  /** Meta's own words for a person, on some failures. */
  error_user_msg?: string;
}

/** Codes of a token that no longer works: expired, the password changed, the app removed. */
const TOKEN_CODES = new Set([102, 190]);
/** Codes of a rate limit: the app's, the user's, the Page's, the account's, a call type's. */
const RATE_LIMIT_CODES = new Set([4, 9, 17, 32, 613]);
/** 10 and 200–299: a permission the request needs was not granted (or was taken back). */
const isPermissionCode = (code: number) => code === 10 || (code >= 200 && code <= 299);

/** What each permission lets Sailpost do, as the owner reads it beside its name. */
export const PERMISSION_PURPOSES: Record<string, string> = {
  pages_show_list: 'see the Pages you manage',
  pages_manage_posts: 'publish posts as your Page',
  pages_read_engagement: "read your Page's posts and followers",
  business_management: 'reach Pages owned through a business portfolio',
  instagram_basic: 'read your Instagram account',
  instagram_content_publish: 'publish to your Instagram account',
  read_insights: "read how your Page's posts did",
  instagram_manage_insights: 'read how your Instagram posts did',
};

/** The words for a missing permission, naming it and what it is for. */
export const missingPermissionText = (platform: ConnectablePlatform, permission: string): string =>
  `${PLATFORMS[platform].shortName} has not given Sailpost the “${permission}” permission (to ${
    PERMISSION_PURPOSES[permission] ?? 'do this'
  }). Reconnect ${PLATFORMS[platform].shortName} on the Platforms page and allow it.`;

/**
 * What was wrong with the media, by the subcode Meta gives with code 100 (or 36003, 9004 and
 * friends on Instagram). The owner can act on each.
 */
const MEDIA_SUBCODES: Record<number, string> = {
  2207001: 'Instagram could not take the post right now. Please try again.',
  2207003: 'Instagram took too long to fetch the image or video. Please try again.',
  2207004: 'Instagram could not fetch the image or video from Sailpost. Please try again.',
  2207052: 'Instagram could not fetch the image or video from Sailpost. Please try again.',
  2207005: 'Instagram does not take this kind of file: use a JPEG image or an MP4 video.',
  2207023: 'Instagram does not take this kind of file: use a JPEG image or an MP4 video.',
  2207009:
    'Instagram does not take this image’s shape: use one from 4:5 (portrait) to 1.91:1 (landscape).',
  2207010: 'The caption is longer than Instagram allows (2,200 characters, 30 hashtags).',
  2207026:
    'Instagram does not take this video: use an MP4 with H.264 video and AAC audio, from 3 seconds to 15 minutes.',
  2207028: 'Instagram refused the carousel: it takes 2 to 10 images or videos.',
  2207006: 'Instagram’s upload expired before it was published. Please try again.',
  2207008: 'Instagram’s upload expired before it was published. Please try again.',
  2207020: 'Instagram’s upload expired before it was published. Please try again.',
  2207027: 'Instagram had not finished processing the video. Please try again.',
  2207050:
    'The Instagram account is restricted or inactive. Open Instagram, resolve what it asks, then try again.',
  1366046: 'Facebook could not use this photo: use a JPEG, PNG or GIF of at most 4 MB.',
  1363030: 'Facebook could not use this video: use an MP4 of at most 100 MB.',
  1363130: 'Facebook took too long to fetch the video from Sailpost. Please try again.',
};

/** Instagram's subcode of the publishing limit, when it is reached at `media_publish`. */
export const PUBLISHING_LIMIT_SUBCODE = 2207042;

/** The permission a failed request needed, from Meta's message ("(#200) Requires x permission"). */
const permissionIn = (message: string, fallback: string): string =>
  /\b(pages_[a-z_]+|instagram_[a-z_]+|business_management|publish_video|read_insights)\b/.exec(
    message,
  )?.[1] ?? fallback;

/**
 * The provider error for a Graph API failure. `permission` is the one the request's step needs
 * (named when Meta's message does not), `status` the HTTP status.
 */
export const graphFailure = (input: {
  platform: ConnectablePlatform;
  step: RequestStep;
  status: number;
  error: GraphError | undefined;
  permission: string;
  resetAt?: Date;
}): ProviderError => {
  const { platform, step, status, error, permission } = input;
  const name = PLATFORMS[platform].shortName;
  const message = (error?.message ?? `HTTP ${status}`).slice(0, 300);
  const code = error?.code;
  const subcode = error?.error_subcode;
  if (code !== undefined && TOKEN_CODES.has(code)) {
    return new ProviderAuthRevoked(
      platform,
      `${name} no longer accepts this connection: ${message}`,
      status,
    );
  }
  if (code !== undefined && isPermissionCode(code)) {
    const missing = permissionIn(message, permission);
    return new ProviderPermissionMissing(
      platform,
      missingPermissionText(platform, missing),
      missing,
      status,
    );
  }
  if ((code !== undefined && RATE_LIMIT_CODES.has(code)) || status === 429) {
    return new ProviderRateLimited(platform, `${name} is limiting requests`, input.resetAt);
  }
  // Our app's id or secret refused at the token endpoint (code 101, or 1 with OAuthException).
  if (step === 'token' && (code === 101 || code === 191)) {
    return misconfigured(platform, message, status);
  }
  if (step === 'token' && code === 100 && /code/i.test(message)) {
    return new ProviderAuthRevoked(platform, `${name} refused the consent's code: ${message}`);
  }
  if (code === 506) {
    return new ProviderDuplicatePost(platform, `${name} refused a duplicate post`, status);
  }
  if (subcode !== undefined && MEDIA_SUBCODES[subcode]) {
    return new ProviderRejected(platform, MEDIA_SUBCODES[subcode], status);
  }
  if (status >= 500 || code === 1 || code === 2) {
    // Meta's "unknown" and "service" errors are temporary; whether the post went out is not
    // known when it was the post itself.
    return new ProviderUnavailable(
      platform,
      `${name} is unavailable: ${message}`,
      status,
      step !== 'post',
    );
  }
  return new ProviderRejected(
    platform,
    `${name} refused the post: ${error?.error_user_msg ?? message}`,
    status,
  );
};
