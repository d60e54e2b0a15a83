import { Agent as HttpAgent, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import {
  ApiPartialResponseError,
  ApiRequestError,
  ApiResponseError,
  TwitterApi,
  type IClientSettings,
  type IParsedOAuth2TokenResult,
  type ITwitterApiClientPlugin,
  type SendTweetV2Params,
  type TwitterApiErrorData,
} from 'twitter-api-v2';
import { ProviderDuplicatePost } from './provider-errors';
import { failureOf, neverSent, unanswered, type RequestStep } from './provider-failures';
import type { MediaFile, ProviderAccount, SocialClient, TokenGrant } from './social-client';

/**
 * X through twitter-api-v2: OAuth 2.0 with PKCE as a confidential client (the SDK sends our id and
 * secret as basic auth to the token endpoint), the user's bearer token for everything else, and
 * X's v2 media upload (`media.write`). The same code talks to the real API and to the sandbox's
 * stand-in: the SDK names `https://api.x.com` in its source, so a plugin moves every request to
 * the configured base URL (and gives each one a time-out, which the SDK leaves to each call).
 */

export interface XClientSettings {
  clientId: string;
  clientSecret: string;
  /** `https://api.x.com`, or the stand-in's base (no trailing slash). */
  apiBaseUrl: string;
  /** `https://x.com/i/oauth2/authorize`, or the stand-in's consent page. */
  authorizeUrl: string;
  /** How long one request may wait for an answer (socket idle time). */
  timeoutMs: number;
}

/** Post (tweet.write), upload images (media.write), read who connected (users.read), refresh. */
export const X_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'media.write',
  'offline.access',
] as const;

const SDK_API_ORIGIN = 'https://api.x.com';

/**
 * Every request: to the configured API, with a time-out. The address changes only once the SDK
 * has built the request from X's own URL, since it chooses a body's encoding by X's paths.
 */
export const configuredRequests = (
  apiBaseUrl: string,
  timeoutMs: number,
): ITwitterApiClientPlugin => ({
  onBeforeRequest({ computedParams, requestOptions }) {
    const { url } = computedParams;
    if (url.origin === SDK_API_ORIGIN) url.href = `${apiBaseUrl}${url.pathname}${url.search}`;
    requestOptions.timeout ??= timeoutMs;
  },
});

/** X's 403 for a post identical to a recent one ("…a Tweet with duplicate content."). */
const isDuplicate = (reason: string): boolean => /duplicate content/i.test(reason);

const reasonOf = (data: unknown): string => {
  if (typeof data === 'string') return data;
  if (!data || typeof data !== 'object') return '';
  const answer = data as TwitterApiErrorData & { error_description?: string };
  const messages = (answer.errors ?? [])
    .map((error) => ('message' in error ? String(error.message) : ''))
    .filter(Boolean);
  return (
    answer.detail ??
    answer.error_description ??
    (messages.length ? messages.join('; ') : undefined) ??
    answer.title ??
    answer.error ??
    ''
  );
};

/**
 * When a 429 ends: `x-rate-limit-reset` (epoch seconds) for the 15-minute window, or the 24-hour
 * window's reset when that one is used up (X's daily post cap), whichever is later.
 */
const resetOf = (headers: IncomingHttpHeaders): Date | undefined => {
  const windows = ['x-rate-limit', 'x-user-limit-24hour', 'x-app-limit-24hour'];
  const resets = windows
    .filter((window) => window === 'x-rate-limit' || headers[`${window}-remaining`] === '0')
    .map((window) => Number(headers[`${window}-reset`]))
    .filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  return resets.length ? new Date(Math.max(...resets) * 1000) : undefined;
};

/**
 * The SDK's errors as provider errors. Only status, headers and the answer's words are read: the
 * SDK's error objects hold the request, with its Authorization header, and are never kept.
 */
export const failureFrom = (error: unknown, step: RequestStep): Error => {
  if (error instanceof ApiResponseError) {
    const reason = reasonOf(error.data);
    if (error.code === 403 && isDuplicate(reason)) {
      return new ProviderDuplicatePost('twitter', `X refused a duplicate post: ${reason}`, 403);
    }
    const oauthError = typeof error.data?.error === 'string' ? error.data.error : undefined;
    return failureOf('twitter', step, {
      status: error.code,
      reason,
      ...(oauthError ? { oauthError } : {}),
      ...(error.code === 429 ? { resetAt: resetOf(error.headers) } : {}),
    });
  }
  if (error instanceof ApiRequestError) {
    // twitter-api-v2 1.29 keeps the cause as `_options.error` but reads `requestError` from
    // `_options.requestError`, so the documented getter is always empty.
    const cause =
      error.requestError ?? (error as unknown as { _options?: { error?: Error } })._options?.error;
    return unanswered('twitter', step, /timeout/i.test(cause?.message ?? ''), {
      notSent: neverSent(cause),
    });
  }
  // The answer broke off half-way: whatever the request was, its outcome is unknown.
  if (error instanceof ApiPartialResponseError) return unanswered('twitter', step, false);
  return error instanceof Error ? error : new Error(String(error));
};

const calling = async <T>(step: RequestStep, request: () => Promise<T>): Promise<T> => {
  try {
    return await request();
  } catch (error) {
    throw failureFrom(error, step);
  }
};

const grantOf = (result: IParsedOAuth2TokenResult): TokenGrant => ({
  accessToken: result.accessToken,
  ...(result.refreshToken ? { refreshToken: result.refreshToken } : {}),
  expiresAt: new Date(Date.now() + result.expiresIn * 1000).toISOString(),
  scopes: [...result.scope],
});

type UploadType = Parameters<TwitterApi['v2']['uploadMedia']>[1]['media_type'];
/** One to four ids, as a tuple (the media rules hold a post to four). */
type MediaIds = NonNullable<NonNullable<SendTweetV2Params['media']>['media_ids']>;

export const createXClient = (settings: XClientSettings): SocialClient => {
  const clientSettings: Partial<IClientSettings> = {
    plugins: [configuredRequests(settings.apiBaseUrl, settings.timeoutMs)],
    // The SDK sends through node:https; an http: base (the sandbox) needs an http agent. No
    // keep-alive: a pooled connection that X closed while the Lambda was frozen would fail the
    // next request — the post itself, perhaps — with an outcome nobody can know.
    httpAgent: settings.apiBaseUrl.startsWith('http:')
      ? new HttpAgent({ keepAlive: false })
      : new HttpsAgent({ keepAlive: false }),
  };
  const app = new TwitterApi(
    { clientId: settings.clientId, clientSecret: settings.clientSecret },
    clientSettings,
  );
  const asUser = (accessToken: string) => new TwitterApi(accessToken, clientSettings).v2;

  const account = async (accessToken: string): Promise<ProviderAccount> => {
    const { data } = await calling('read', () =>
      asUser(accessToken).me({ 'user.fields': ['profile_image_url'] }),
    );
    return {
      id: data.id,
      handle: `@${data.username}`,
      displayName: data.name,
      ...(data.profile_image_url ? { avatarUrl: data.profile_image_url } : {}),
    };
  };

  /** One file through the v2 chunked upload (INIT, APPEND…, FINALIZE), then its alt text. */
  const upload = async (accessToken: string, file: MediaFile): Promise<string> => {
    const api = asUser(accessToken);
    const mediaId = await calling('upload', () =>
      api.uploadMedia(Buffer.from(file.bytes), { media_type: file.contentType as UploadType }),
    );
    // X takes alt text for images and GIFs only.
    if (file.altText && file.contentType.startsWith('image/')) {
      await calling('upload', () =>
        api.createMediaMetadata(mediaId, { alt_text: { text: file.altText! } }),
      );
    }
    return mediaId;
  };

  return {
    platform: 'twitter',

    authorizationUrl({ state, redirectUri, codeChallenge }) {
      const url = new URL(settings.authorizeUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        scope: X_SCOPES.join(' '),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      })
        .toString()
        // Spaces as %20, the way X's documentation writes the scope list.
        .replaceAll('+', '%20');
      return url.toString();
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      return grantOf(
        await calling('token', () => app.loginWithOAuth2({ code, redirectUri, codeVerifier })),
      );
    },

    async refresh(refreshToken) {
      return grantOf(await calling('token', () => app.refreshOAuth2Token(refreshToken)));
    },

    account,

    async publish({ accessToken, handle, text, media }) {
      const username = handle?.replace(/^@/, '') || (await account(accessToken)).handle.slice(1);
      const mediaIds = await Promise.all(media.map((file) => upload(accessToken, file)));
      const { data } = await calling('post', () =>
        asUser(accessToken).tweet({
          text,
          ...(mediaIds.length ? { media: { media_ids: mediaIds as MediaIds } } : {}),
        }),
      );
      return { postId: data.id, url: `https://x.com/${username}/status/${data.id}` };
    },

    async revoke({ accessToken, refreshToken }) {
      // The refresh token first: revoking it ends the grant, so no new access token can follow.
      if (refreshToken) {
        await calling('token', () => app.revokeOAuth2Token(refreshToken, 'refresh_token'));
      }
      await calling('token', () => app.revokeOAuth2Token(accessToken, 'access_token'));
    },
  };
};
