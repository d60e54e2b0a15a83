import { LINKEDIN_POST_ANALYTICS_SCOPE } from '#shared/domain/post-results';
import { logger } from '#functions/core/logger';
import { escapeLittleText } from './little-text';
import { ProviderAuthRevoked } from './provider-errors';
import { failureOf, isTimeout, unansweredFetch, type RequestStep } from './provider-failures';
import type { MediaFile, SocialClient, TokenGrant } from './social-client';

/**
 * LinkedIn with fetch (LinkedIn publishes no SDK for Node): OAuth 2.0 on www.linkedin.com, the
 * member through OpenID Connect's userinfo, and posting as the member through the versioned REST
 * API: images through the Images API, then the post through the Posts API.
 * https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api
 */

export interface LinkedInClientSettings {
  clientId: string;
  clientSecret: string;
  /** `https://api.linkedin.com`, or the stand-in's base (no trailing slash). */
  apiBaseUrl: string;
  /** `https://www.linkedin.com` (consent page, token endpoints), or the stand-in's base. */
  authBaseUrl: string;
  /** `LinkedIn-Version`, a month like `202607`. */
  version: string;
  /** How long one request may take, answer included. */
  timeoutMs: number;
  /**
   * Whether LinkedIn has granted the app post analytics: the consent page then asks for them
   * (asking for the scope without that grant would fail the consent).
   */
  postAnalytics: boolean;
}

/** Sign in with OpenID (who connected) and post as the member. */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'] as const;

interface TokenAnswer {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
}

interface UserInfo {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

interface InitializeUploadAnswer {
  value: { uploadUrl: string; image: string };
}

/** When a 429 ends: `Retry-After` in seconds or as an HTTP date. */
const retryAfterOf = (response: Response): Date | undefined => {
  const value = response.headers.get('retry-after');
  if (!value) return undefined;
  const at = /^\d+$/.test(value) ? Date.now() + Number(value) * 1000 : Date.parse(value);
  return Number.isNaN(at) ? undefined : new Date(at);
};

/** LinkedIn's failure answers: `{ message, status }` from the API, `{ error, … }` from OAuth. */
export const failureAnswerOf = async (response: Response, step: RequestStep) => {
  const text = await response.text().catch(() => '');
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the text is the reason.
  }
  const word = (key: string) => (typeof body[key] === 'string' ? body[key] : undefined);
  const oauthError = word('error');
  return failureOf('linkedin', step, {
    status: response.status,
    reason: word('error_description') ?? word('message') ?? oauthError ?? text,
    ...(oauthError ? { oauthError } : {}),
    ...(response.status === 429 ? { resetAt: retryAfterOf(response) } : {}),
  });
};

const scopesOf = (scope: string | undefined): string[] =>
  (scope ?? '').split(/[\s,]+/).filter(Boolean);

const inFuture = (seconds: number | undefined): string | undefined =>
  seconds === undefined ? undefined : new Date(Date.now() + seconds * 1000).toISOString();

const grantOf = (answer: TokenAnswer): TokenGrant => {
  const expiresAt = inFuture(answer.expires_in);
  const refreshTokenExpiresAt = inFuture(answer.refresh_token_expires_in);
  return {
    accessToken: answer.access_token,
    ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    ...(refreshTokenExpiresAt ? { refreshTokenExpiresAt } : {}),
    scopes: scopesOf(answer.scope),
  };
};

export const createLinkedInClient = (settings: LinkedInClientSettings): SocialClient => {
  const { apiBaseUrl, authBaseUrl } = settings;

  /**
   * One request: the answer when it is a success (read within the same time-out), the provider
   * error its failure calls for otherwise.
   */
  const call = async <T>(
    step: RequestStep,
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<T>,
  ): Promise<T> => {
    try {
      const response = await fetch(url, {
        ...init,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      if (!response.ok) throw await failureAnswerOf(response, step);
      return await read(response);
    } catch (error) {
      throw unansweredFetch('linkedin', step, error) ?? error;
    }
  };

  const json = <T>(response: Response) => response.json() as Promise<T>;

  const token = async (parameters: Record<string, string>): Promise<TokenGrant> =>
    grantOf(
      await call(
        'token',
        `${authBaseUrl}/oauth/v2/accessToken`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...parameters,
            client_id: settings.clientId,
            client_secret: settings.clientSecret,
          }),
        },
        json<TokenAnswer>,
      ),
    );

  /** The headers of the versioned REST API (`/rest/…`). */
  const restHeaders = (accessToken: string) => ({
    authorization: `Bearer ${accessToken}`,
    'content-type': 'application/json',
    'linkedin-version': settings.version,
    'x-restli-protocol-version': '2.0.0',
  });

  /** One image: LinkedIn hands out an upload URL and the image's URN, then takes the bytes. */
  const uploadImage = async (
    accessToken: string,
    owner: string,
    file: MediaFile,
  ): Promise<{ id: string; altText?: string }> => {
    const { value } = await call(
      'upload',
      `${apiBaseUrl}/rest/images?action=initializeUpload`,
      {
        method: 'POST',
        headers: restHeaders(accessToken),
        body: JSON.stringify({ initializeUploadRequest: { owner } }),
      },
      json<InitializeUploadAnswer>,
    );
    await call(
      'upload',
      value.uploadUrl,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': file.contentType },
        // A copy on a plain ArrayBuffer, which is what fetch's body type takes.
        body: new Uint8Array(file.bytes),
      },
      async () => undefined,
    );
    return { id: value.image, ...(file.altText ? { altText: file.altText } : {}) };
  };

  return {
    platform: 'linkedin',

    authorizationUrl({ state, redirectUri }) {
      // LinkedIn takes PKCE only from native apps; a web app's secret stands in for it.
      const url = new URL(`${authBaseUrl}/oauth/v2/authorization`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        state,
        scope: [
          ...LINKEDIN_SCOPES,
          ...(settings.postAnalytics ? [LINKEDIN_POST_ANALYTICS_SCOPE] : []),
        ].join(' '),
      })
        .toString()
        .replaceAll('+', '%20');
      return url.toString();
    },

    exchangeCode: ({ code, redirectUri }) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),

    async refresh(refreshToken) {
      // Most apps get no refresh token: when the 60 days are up, the owner connects again.
      if (!refreshToken) {
        throw new ProviderAuthRevoked(
          'linkedin',
          'LinkedIn gave no refresh token: the owner must connect again',
        );
      }
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async account(accessToken) {
      const member = await call(
        'read',
        `${apiBaseUrl}/v2/userinfo`,
        { headers: { authorization: `Bearer ${accessToken}` } },
        json<UserInfo>,
      );
      const name =
        member.name ??
        ([member.given_name, member.family_name].filter(Boolean).join(' ') || member.sub);
      return {
        id: member.sub,
        handle: name,
        displayName: name,
        ...(member.picture ? { avatarUrl: member.picture } : {}),
      };
    },

    async publish({ accessToken, accountId, text, media }) {
      const author = `urn:li:person:${accountId}`;
      const images = await Promise.all(media.map((file) => uploadImage(accessToken, author, file)));
      const [onlyImage] = images;
      const content =
        images.length > 1
          ? { multiImage: { images } }
          : onlyImage
            ? { media: onlyImage }
            : undefined;
      const postId = await call(
        'post',
        `${apiBaseUrl}/rest/posts`,
        {
          method: 'POST',
          headers: restHeaders(accessToken),
          body: JSON.stringify({
            author,
            commentary: escapeLittleText(text),
            visibility: 'PUBLIC',
            distribution: {
              feedDistribution: 'MAIN_FEED',
              targetEntities: [],
              thirdPartyDistributionChannels: [],
            },
            ...(content ? { content } : {}),
            lifecycleState: 'PUBLISHED',
            isReshareDisabledByAuthor: false,
          }),
        },
        async (response) => response.headers.get('x-restli-id') ?? '',
      );
      return { postId, url: `https://www.linkedin.com/feed/update/${postId}` };
    },

    async revoke({ accessToken }) {
      // LinkedIn opens its revoke endpoint to some apps only; where it refuses, the token simply
      // runs out (60 days). So disconnecting never fails here, and a refusal is only noted.
      const refused = await fetch(`${authBaseUrl}/oauth/v2/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          token: accessToken,
        }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      }).then(
        (response) => (response.ok ? undefined : `HTTP ${response.status}`),
        (error: unknown) => (isTimeout(error) ? 'no answer in time' : 'not reachable'),
      );
      if (refused) {
        logger.warn('LinkedIn did not revoke the token; it expires on its own', { refused });
      }
    },
  };
};
