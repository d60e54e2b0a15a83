import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LINKEDIN_MAX_LENGTH } from '#shared/domain/post-text-rules';
import { PLATFORM_MEDIA } from '#shared/domain/platform-media';
import { unescapeLittleText } from '#functions/integrations/social/little-text';
import { readBytes } from '../responses';
import { answerConsent } from './consent';
import type { Failures } from './failures';
import { audienceMetrics } from './seeded-audience';
import { createOAuthServer, type IssuedTokens } from './oauth';
import type { Grant, ProviderStore, StandInPost } from './provider-store';
import type { StandInClient } from './stand-in-clients';
import {
  answer,
  bearerOf,
  isClient,
  MAX_BODY_BYTES,
  originOf,
  readFields,
  readJson,
} from './stand-in-http';

/**
 * LinkedIn's API as the app uses it, answering as LinkedIn does (`{ status, message }` bodies,
 * the new post's URN in `x-restli-id`), under the stand-in's base path:
 *
 *   GET  /oauth/v2/authorization              the consent page (consent.ts)
 *   POST /oauth/v2/accessToken                code → tokens (no refresh tokens, as for most apps)
 *   POST /oauth/v2/revoke                     a token
 *   GET  /v2/userinfo                         the member (OpenID Connect)
 *   POST /rest/images?action=initializeUpload an upload URL and the image's URN
 *   PUT  /dms-uploads/{id}                    the image's bytes
 *   POST /rest/posts                          the post (Posts API)
 *   GET  /rest/memberCreatorPostAnalytics     one metric of a post (needs r_member_postAnalytics)
 *
 * The versioned `/rest/` calls need `LinkedIn-Version` (426 for one LinkedIn no longer serves) and
 * `X-Restli-Protocol-Version: 2.0.0`. The commentary must be valid "little" text: a reserved
 * character without its backslash is refused, where LinkedIn would cut or garble the post.
 */

/**
 * LinkedIn's restricted scope for the Member Post Analytics API, spelled here as LinkedIn spells
 * it (not taken from the app's client, so a client that asks for the wrong name is refused).
 */
const POST_ANALYTICS_SCOPE = 'r_member_postAnalytics';

/** The post statistics requests kept for `analyticsRequests()`, newest last. */
const ANALYTICS_REQUESTS_KEPT = 500;

/** A request for one metric of a post, as the stand-in received it (granted or not). */
export interface AnalyticsRequest {
  /** The post's URN as the request named it. */
  postId: string;
  metric: string;
  receivedAt: string;
}

/** LinkedIn's access tokens last 60 days. */
const ACCESS_TOKEN_SECONDS = 60 * 24 * 60 * 60;
/**
 * The stand-in has no calendar of LinkedIn's releases: any `YYYYMM` version from 2024 on is
 * served, and older ones count as retired (LinkedIn retires each about a year after it ships),
 * which is enough to exercise the 426 without tying the sandbox to today's date.
 */
const OLDEST_SERVED_VERSION = '202401';
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
const IMAGE_TYPES = PLATFORM_MEDIA.linkedin.kinds.flatMap((kind) => kind.contentTypes);
const RESERVED = /[\\|{}@[\]()<>#*_~]/;
const ESCAPED = /\\[\\|{}@[\]()<>#*_~]/g;

/** Whether a reserved character of the little format is left without its backslash. */
const hasUnescapedReserved = (commentary: string): boolean =>
  RESERVED.test(commentary.replace(ESCAPED, ''));

const failure = (status: number, message: string, code?: string) => ({
  status,
  ...(code ? { code } : {}),
  message,
});

const isServedVersion = (version: string | undefined): boolean => {
  const match = /^(\d{4})(\d{2})(\.\d{2})?$/.exec(version ?? '');
  if (!match) return false;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && `${match[1]}${match[2]}` >= OLDEST_SERVED_VERSION;
};

interface ImageRef {
  id: string;
  altText?: string;
}

interface PostBody {
  author?: unknown;
  commentary?: unknown;
  visibility?: unknown;
  lifecycleState?: unknown;
  distribution?: { feedDistribution?: unknown };
  content?: { media?: ImageRef; multiImage?: { images?: ImageRef[] } };
}

export interface LinkedInStandInOptions {
  store: ProviderStore;
  failures: Failures;
  client: StandInClient;
}

export const createLinkedInStandIn = ({ store, failures, client }: LinkedInStandInOptions) => {
  const oauth = createOAuthServer(store, {
    platform: 'linkedin',
    accessTokenSeconds: ACCESS_TOKEN_SECONDS,
    refreshTokenFor: () => false,
  });
  /** Images announced by initializeUpload, waiting for their bytes. */
  const pendingImages = new Map<string, Grant>();
  /** Kept in memory only: what tests and the curious check after a results run. */
  const analyticsRequests: AnalyticsRequest[] = [];
  const { data } = store;

  const tokenAnswer = (tokens: IssuedTokens) => ({
    access_token: tokens.accessToken,
    expires_in: tokens.expiresIn,
    scope: tokens.scopes.join(','),
    token_type: 'Bearer',
  });

  const authorized = (
    request: IncomingMessage,
    response: ServerResponse,
    scopes: readonly string[],
  ): Grant | undefined => {
    const grant = oauth.grantOf(bearerOf(request));
    if (!grant) {
      answer(response, 401, { ...failure(401, 'Invalid access token'), serviceErrorCode: 65600 });
      return undefined;
    }
    const missing = scopes.filter((scope) => !grant.scopes.includes(scope));
    if (missing.length) {
      answer(
        response,
        403,
        failure(
          403,
          `Not enough permissions to access: needs ${missing.join(', ')}`,
          'ACCESS_DENIED',
        ),
      );
      return undefined;
    }
    return grant;
  };

  /** The versioned API's headers, then the grant: else LinkedIn's 426, 400, 401 or 403. */
  const versioned = (
    request: IncomingMessage,
    response: ServerResponse,
    scopes: readonly string[] = ['w_member_social'],
  ): Grant | undefined => {
    const version = request.headers['linkedin-version'];
    const versionText = Array.isArray(version) ? version[0] : version;
    if (!isServedVersion(versionText)) {
      answer(
        response,
        426,
        failure(
          426,
          `Requested version ${versionText ?? '(none)'} is not active`,
          'NONEXISTENT_VERSION',
        ),
      );
      return undefined;
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') {
      answer(
        response,
        400,
        failure(400, 'X-Restli-Protocol-Version must be 2.0.0', 'ILLEGAL_ARGUMENT'),
      );
      return undefined;
    }
    return authorized(request, response, scopes);
  };

  /**
   * One metric of one of the member's posts (`q=entity&entity=(share:urn…)&queryType=…`), from
   * the seeded audience (seeded-audience.ts), the post's time being when it was posted here; a
   * post is answered as at least an hour old, as the stand-in for X does. Like LinkedIn, only to
   * a member who granted `r_member_postAnalytics` (a 403 otherwise); every request is recorded.
   */
  const postAnalytics = (request: IncomingMessage, response: ServerResponse) => {
    const query = new URL(request.url ?? '/', 'http://sandbox.local').searchParams;
    const urn = /^\((?:share|ugc):(.+)\)$/.exec(query.get('entity') ?? '')?.[1];
    analyticsRequests.push({
      postId: decodeURIComponent(urn ?? ''),
      metric: query.get('queryType') ?? '',
      receivedAt: new Date().toISOString(),
    });
    analyticsRequests.splice(0, analyticsRequests.length - ANALYTICS_REQUESTS_KEPT);
    if (!versioned(request, response, [POST_ANALYTICS_SCOPE])) return;
    const known = data.posts.find(
      (post) => post.platform === 'linkedin' && post.postId === decodeURIComponent(urn ?? ''),
    );
    if (!known) return answer(response, 404, failure(404, 'Post not found'));
    const postedAt = Date.parse(known.postedAt);
    const metrics = audienceMetrics(
      'linkedin',
      known.postId,
      new Date(postedAt),
      new Date(Math.max(Date.now(), postedAt + 60 * 60 * 1000)),
    );
    const counts: Record<string, number> = {
      IMPRESSION: metrics.impressions,
      REACTION: metrics.likes + metrics.bookmarks,
      COMMENT: metrics.replies,
      RESHARE: metrics.reposts + metrics.quotes,
    };
    const metric = query.get('queryType') ?? '';
    if (!(metric in counts)) return answer(response, 400, failure(400, 'Unknown queryType'));
    answer(response, 200, { elements: [{ count: counts[metric], metricType: { [metric]: {} } }] });
  };

  const answerFailure = (kind: '429' | '500', response: ServerResponse) => {
    if (kind === '429') {
      answer(
        response,
        429,
        failure(
          429,
          'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
        ),
        { 'retry-after': '60' },
      );
    } else {
      answer(response, 500, failure(500, 'Internal Server Error'));
    }
  };

  const accessToken = async (request: IncomingMessage, response: ServerResponse) => {
    const fields = await readFields(request);
    if (!isClient(request, fields, client)) {
      return answer(response, 401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    }
    if (fields.grant_type !== 'authorization_code') {
      // The stand-in's app, like most LinkedIn apps, is given no refresh tokens.
      return answer(response, 400, {
        error: 'invalid_grant',
        error_description: 'This application cannot refresh tokens',
      });
    }
    const outcome = await oauth.redeemCode({
      code: fields.code ?? '',
      clientId: client.clientId,
      redirectUri: fields.redirect_uri ?? '',
    });
    if (typeof outcome === 'string') {
      return answer(response, 400, { error: 'invalid_grant', error_description: outcome });
    }
    answer(response, 200, tokenAnswer(outcome));
  };

  const revoke = async (request: IncomingMessage, response: ServerResponse) => {
    const fields = await readFields(request);
    if (!isClient(request, fields, client)) {
      return answer(response, 401, {
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
    }
    await oauth.revoke(fields.token ?? '', client.clientId);
    answer(response, 200, undefined);
  };

  const userinfo = (request: IncomingMessage, response: ServerResponse) => {
    const grant = authorized(request, response, ['openid', 'profile']);
    if (!grant) return;
    const { id, name } = grant.account;
    const [givenName = name, ...rest] = name.split(' ');
    answer(response, 200, {
      sub: id,
      name,
      given_name: givenName,
      family_name: rest.join(' '),
      picture: `${originOf(request)}/_sandbox/providers/avatars/${encodeURIComponent(name)}.svg`,
      locale: { country: 'US', language: 'en' },
    });
  };

  const initializeUpload = async (request: IncomingMessage, response: ServerResponse) => {
    const grant = versioned(request, response);
    if (!grant) return;
    const body = (await readJson(request)) as { initializeUploadRequest?: { owner?: unknown } };
    if (body?.initializeUploadRequest?.owner !== `urn:li:person:${grant.account.id}`) {
      return answer(
        response,
        403,
        failure(403, 'The owner must be the member the token belongs to', 'ACCESS_DENIED'),
      );
    }
    const id = `D4E${randomBytes(12).toString('base64url')}`;
    pendingImages.set(id, grant);
    answer(response, 200, {
      value: {
        uploadUrlExpiresAt: Date.now() + 60 * 60 * 1000,
        uploadUrl: `${originOf(request)}/_sandbox/providers/linkedin/dms-uploads/${id}`,
        image: `urn:li:image:${id}`,
      },
    });
  };

  const uploadImage = async (request: IncomingMessage, response: ServerResponse, id: string) => {
    const grant = pendingImages.get(id);
    const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim();
    const bytes = await readBytes(request, MAX_BODY_BYTES);
    if (!grant) return answer(response, 404, failure(404, 'Unknown upload'));
    if (!IMAGE_TYPES.includes(contentType) || !bytes.length) {
      return answer(
        response,
        400,
        failure(400, `Not an image LinkedIn takes: ${contentType || '(no type)'}`),
      );
    }
    pendingImages.delete(id);
    await store.writeMedia(id, bytes);
    data.media[id] = {
      id,
      platform: 'linkedin',
      accountId: grant.account.id,
      contentType,
      size: bytes.length,
      createdAt: new Date().toISOString(),
    };
    await store.save();
    answer(response, 201, undefined);
  };

  const post = async (request: IncomingMessage, response: ServerResponse) => {
    const grant = versioned(request, response);
    if (!grant) return;
    const body = (await readJson(request)) as PostBody | undefined;
    const refuse = (message: string) =>
      answer(response, 422, failure(422, message, 'UNPROCESSABLE_ENTITY'));
    if (body?.author !== `urn:li:person:${grant.account.id}`) {
      return answer(
        response,
        403,
        failure(403, 'The author must be the member the token belongs to', 'ACCESS_DENIED'),
      );
    }
    if (typeof body.commentary !== 'string') return refuse('commentary is required');
    if (hasUnescapedReserved(body.commentary)) {
      return refuse(
        'commentary has a reserved character of the little text format without its backslash',
      );
    }
    const text = unescapeLittleText(body.commentary);
    if ([...text].length > LINKEDIN_MAX_LENGTH)
      return refuse(`commentary is longer than ${LINKEDIN_MAX_LENGTH}`);
    if (body.visibility !== 'PUBLIC' || body.lifecycleState !== 'PUBLISHED') {
      return refuse('visibility must be PUBLIC and lifecycleState PUBLISHED');
    }
    if (body.distribution?.feedDistribution !== 'MAIN_FEED')
      return refuse('distribution.feedDistribution must be MAIN_FEED');
    const refs =
      body.content?.multiImage?.images ?? (body.content?.media ? [body.content.media] : []);
    if (body.content?.multiImage && refs.length < 2)
      return refuse('multiImage needs at least 2 images');
    const images = refs.map((ref) => {
      const id = typeof ref.id === 'string' ? ref.id.replace(/^urn:li:image:/, '') : '';
      const media = Object.hasOwn(data.media, id) ? data.media[id] : undefined;
      return media?.platform === 'linkedin' && media.accountId === grant.account.id
        ? { ...media, ...(typeof ref.altText === 'string' ? { altText: ref.altText } : {}) }
        : undefined;
    });
    if (images.some((image) => !image))
      return refuse('content names an image this member has not uploaded');
    const since = Date.now() - DUPLICATE_WINDOW_MS;
    const duplicate = data.posts.find(
      (earlier) =>
        earlier.platform === 'linkedin' &&
        earlier.accountId === grant.account.id &&
        earlier.text === text &&
        Date.parse(earlier.postedAt) > since,
    );
    if (duplicate) return refuse(`Content is a duplicate of ${duplicate.postId}`);
    const urn = `urn:li:share:${Date.now()}${randomInt(1000).toString().padStart(3, '0')}`;
    const posted: StandInPost = {
      platform: 'linkedin',
      accountId: grant.account.id,
      handle: grant.account.name,
      text,
      media: images.flatMap((image) =>
        image
          ? [
              {
                mediaId: image.id,
                contentType: image.contentType,
                ...(image.altText ? { altText: image.altText } : {}),
              },
            ]
          : [],
      ),
      postId: urn,
      url: `https://www.linkedin.com/feed/update/${urn}`,
      postedAt: new Date().toISOString(),
    };
    data.posts.unshift(posted);
    await store.save();
    answer(response, 201, undefined, { 'x-restli-id': urn, 'x-linkedin-id': urn });
  };

  /** One request below the stand-in's base path (`path` starts with `/`). */
  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ): Promise<void> => {
    const method = request.method ?? 'GET';
    const action = new URL(request.url ?? '/', 'http://sandbox.local').searchParams.get('action');
    if (method === 'GET' && path === '/oauth/v2/authorization') {
      return answerConsent('linkedin', request, response, oauth, client);
    }

    const injected = failures.take('linkedin');
    if (injected === 'timeout') return failures.hang(response);
    if (injected === '429' || injected === '500') return answerFailure(injected, response);
    if (injected === '402') return answer(response, 402, failure(402, 'Payment Required'));
    if (injected === 'revoke') await oauth.revokeAll();

    const upload = /^\/dms-uploads\/([\w-]+)$/.exec(path);
    if (method === 'POST' && path === '/oauth/v2/accessToken')
      return accessToken(request, response);
    if (method === 'POST' && path === '/oauth/v2/revoke') return revoke(request, response);
    if (method === 'GET' && path === '/v2/userinfo') return userinfo(request, response);
    if (method === 'POST' && path === '/rest/images' && action === 'initializeUpload') {
      return initializeUpload(request, response);
    }
    if (method === 'PUT' && upload) return uploadImage(request, response, upload[1]!);
    if (method === 'POST' && path === '/rest/posts') return post(request, response);
    if (method === 'GET' && path === '/rest/memberCreatorPostAnalytics')
      return postAnalytics(request, response);
    answer(response, 404, failure(404, `The stand-in for LinkedIn has no ${method} ${path}`));
  };

  return { handle, oauth, analyticsRequests: (): readonly AnalyticsRequest[] => analyticsRequests };
};
