import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { postTextLength } from '#shared/domain/post-text';
import { PLATFORM_MEDIA } from '#shared/domain/platform-media';
import { readBytes } from '../responses';
import { audienceMetrics } from './seeded-audience';
import { answerConsent } from './consent';
import type { Failures } from './failures';
import { multipartParts } from './multipart';
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
 * X's API as the app uses it, answering as X does (v2 paths, JSON problem bodies, rate-limit
 * headers), under the stand-in's base path:
 *
 *   GET  /i/oauth2/authorize                 the consent page (consent.ts)
 *   POST /2/oauth2/token                     code (PKCE) or refresh token → tokens
 *   POST /2/oauth2/revoke                    a token
 *   GET  /2/users/me                         the account (users.read)
 *   POST /2/media/upload/initialize          the v2 chunked upload (media.write), as
 *   POST /2/media/upload/{id}/append           twitter-api-v2's `v2.uploadMedia` sends it:
 *   POST /2/media/upload/{id}/finalize         JSON, multipart chunks, JSON
 *   GET  /2/media/upload?command=STATUS      processing (videos)
 *   POST /2/media/metadata                   alt text
 *   POST /2/tweets                           the post (tweet.write)
 *   GET  /2/tweets?ids=…                      posts' public metrics (tweet.read), up to 100 ids,
 *                                            from the seeded audience (seeded-audience.ts)
 */

/** X's access tokens last two hours. */
const ACCESS_TOKEN_SECONDS = 2 * 60 * 60;
/** X refuses the same text from the same account within about a day. */
const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** X's epoch for its Snowflake ids. */
const SNOWFLAKE_EPOCH = 1288834974657n;

const X_MEDIA_TYPES = PLATFORM_MEDIA.twitter.kinds.flatMap((kind) => kind.contentTypes);

const problem = (status: number, title: string, detail: string) => ({
  title,
  detail,
  type: 'about:blank',
  status,
});

/** X's 400 for a request it cannot act on, with the reason. */
const invalidRequest = (response: ServerResponse, detail: string) =>
  answer(response, 400, problem(400, 'Invalid Request', detail));

/** A new Snowflake-style id, as X's post and media ids are. */
const snowflake = (): string =>
  (((BigInt(Date.now()) - SNOWFLAKE_EPOCH) << 22n) + BigInt(randomInt(1 << 22))).toString();

interface Upload {
  grant: Grant;
  mediaType: string;
  totalBytes: number;
  chunks: Map<number, Buffer>;
}

export interface XStandInOptions {
  store: ProviderStore;
  failures: Failures;
  client: StandInClient;
}

export const createXStandIn = ({ store, failures, client }: XStandInOptions) => {
  const oauth = createOAuthServer(store, {
    platform: 'twitter',
    accessTokenSeconds: ACCESS_TOKEN_SECONDS,
    refreshTokenFor: (scopes) => scopes.includes('offline.access'),
  });
  const uploads = new Map<string, Upload>();
  const { data } = store;

  const tokenAnswer = (tokens: IssuedTokens) => ({
    token_type: 'bearer',
    expires_in: tokens.expiresIn,
    access_token: tokens.accessToken,
    scope: tokens.scopes.join(' '),
    ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
  });

  const refuseClient = (response: ServerResponse) =>
    answer(response, 401, {
      error: 'unauthorized_client',
      error_description: 'Missing valid authorization header',
    });

  /** The caller's grant when its token is live and holds the scope; else X's 401 or 403. */
  const authorized = (
    request: IncomingMessage,
    response: ServerResponse,
    scope: string,
  ): Grant | undefined => {
    const grant = oauth.grantOf(bearerOf(request));
    if (!grant) {
      answer(response, 401, problem(401, 'Unauthorized', 'Unauthorized'));
      return undefined;
    }
    if (!grant.scopes.includes(scope)) {
      answer(
        response,
        403,
        problem(403, 'Forbidden', `This request needs the ${scope} scope, which was not granted.`),
      );
      return undefined;
    }
    return grant;
  };

  const answerFailure = (kind: '402' | '429' | '500', response: ServerResponse) => {
    if (kind === '402') {
      answer(
        response,
        402,
        problem(402, 'CreditsDepleted', 'Your enrolled account does not have any credits.'),
      );
    } else if (kind === '429') {
      const reset = Math.ceil(Date.now() / 1000) + 15 * 60;
      answer(response, 429, problem(429, 'Too Many Requests', 'Too Many Requests'), {
        'x-rate-limit-limit': '100',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(reset),
      });
    } else {
      answer(response, 500, problem(500, 'Internal Server Error', 'Internal Server Error'));
    }
  };

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const fields = await readFields(request);
    if (!isClient(request, fields, client)) return refuseClient(response);
    const outcome =
      fields.grant_type === 'authorization_code'
        ? await oauth.redeemCode({
            code: fields.code ?? '',
            clientId: client.clientId,
            redirectUri: fields.redirect_uri ?? '',
            codeVerifier: fields.code_verifier ?? '',
          })
        : fields.grant_type === 'refresh_token'
          ? await oauth.refresh({
              refreshToken: fields.refresh_token ?? '',
              clientId: client.clientId,
            })
          : 'grant_type must be authorization_code or refresh_token.';
    if (typeof outcome === 'string') {
      return answer(response, 400, { error: 'invalid_request', error_description: outcome });
    }
    answer(response, 200, tokenAnswer(outcome));
  };

  const revoke = async (request: IncomingMessage, response: ServerResponse) => {
    const fields = await readFields(request);
    if (!isClient(request, fields, client)) return refuseClient(response);
    await oauth.revoke(fields.token ?? '', client.clientId);
    answer(response, 200, { revoked: true });
  };

  const me = (request: IncomingMessage, response: ServerResponse, query: URLSearchParams) => {
    const grant = authorized(request, response, 'users.read');
    if (!grant) return;
    const { id, username, name } = grant.account;
    const fields = (query.get('user.fields') ?? '').split(',');
    answer(response, 200, {
      data: {
        id,
        name,
        username,
        ...(fields.includes('profile_image_url')
          ? {
              profile_image_url: `${originOf(request)}/_sandbox/providers/avatars/${encodeURIComponent(name)}.svg`,
            }
          : {}),
      },
    });
  };

  const initialize = async (request: IncomingMessage, response: ServerResponse) => {
    const grant = authorized(request, response, 'media.write');
    if (!grant) return;
    const body = (await readJson(request)) as { media_type?: unknown; total_bytes?: unknown };
    const mediaType = typeof body?.media_type === 'string' ? body.media_type : '';
    const totalBytes = typeof body?.total_bytes === 'number' ? body.total_bytes : -1;
    if (!X_MEDIA_TYPES.includes(mediaType) || totalBytes <= 0) {
      return invalidRequest(
        response,
        'media_type must be a supported type and total_bytes positive.',
      );
    }
    const id = snowflake();
    uploads.set(id, { grant, mediaType, totalBytes, chunks: new Map() });
    answer(response, 200, { data: { id, media_key: `3_${id}`, expires_after_secs: 86_400 } });
  };

  const append = async (request: IncomingMessage, response: ServerResponse, id: string) => {
    const grant = authorized(request, response, 'media.write');
    if (!grant) return;
    const upload = uploads.get(id);
    const parts = multipartParts(
      request.headers['content-type'],
      await readBytes(request, MAX_BODY_BYTES),
    );
    const index = Number(parts?.find((part) => part.name === 'segment_index')?.data.toString());
    const media = parts?.find((part) => part.name === 'media')?.data;
    if (!upload || upload.grant.grantId !== grant.grantId || !media || !Number.isInteger(index)) {
      return invalidRequest(response, 'Unknown media or bad segment.');
    }
    upload.chunks.set(index, Buffer.from(media));
    answer(response, 200, { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } });
  };

  const finalize = async (request: IncomingMessage, response: ServerResponse, id: string) => {
    const grant = authorized(request, response, 'media.write');
    if (!grant) return;
    const upload = uploads.get(id);
    const bytes = upload
      ? Buffer.concat([...upload.chunks].sort(([a], [b]) => a - b).map(([, chunk]) => chunk))
      : undefined;
    if (!upload || !bytes || upload.grant.grantId !== grant.grantId) {
      return invalidRequest(response, 'Unknown media id.');
    }
    if (bytes.length !== upload.totalBytes) {
      return invalidRequest(response, `Expected ${upload.totalBytes} bytes, got ${bytes.length}.`);
    }
    uploads.delete(id);
    await store.writeMedia(id, bytes);
    data.media[id] = {
      id,
      platform: 'twitter',
      accountId: grant.account.id,
      contentType: upload.mediaType,
      size: bytes.length,
      createdAt: new Date().toISOString(),
    };
    await store.save();
    // Videos are "processed": the SDK then asks for the status until it succeeds.
    const processing = upload.mediaType.startsWith('video/')
      ? { processing_info: { state: 'pending', check_after_secs: 1 } }
      : {};
    answer(response, 200, {
      data: {
        id,
        media_key: `3_${id}`,
        size: bytes.length,
        expires_after_secs: 86_400,
        ...processing,
      },
    });
  };

  const status = (request: IncomingMessage, response: ServerResponse, query: URLSearchParams) => {
    const grant = authorized(request, response, 'media.write');
    if (!grant) return;
    const id = query.get('media_id') ?? '';
    if (!Object.hasOwn(data.media, id)) {
      return invalidRequest(response, 'Unknown media id.');
    }
    answer(response, 200, {
      data: {
        id,
        media_key: `3_${id}`,
        processing_info: { state: 'succeeded', progress_percent: 100 },
      },
    });
  };

  const metadata = async (request: IncomingMessage, response: ServerResponse) => {
    const grant = authorized(request, response, 'media.write');
    if (!grant) return;
    const body = (await readJson(request)) as {
      id?: unknown;
      metadata?: { alt_text?: { text?: unknown } };
    };
    const id = typeof body?.id === 'string' ? body.id : '';
    const text = body?.metadata?.alt_text?.text;
    const media = Object.hasOwn(data.media, id) ? data.media[id] : undefined;
    if (!media || media.accountId !== grant.account.id || typeof text !== 'string') {
      return invalidRequest(response, 'Unknown media id or no alt text.');
    }
    if (text.length > 1000) {
      return invalidRequest(response, 'Alt text is at most 1000 characters.');
    }
    media.altText = text;
    await store.save();
    answer(response, 200, { data: { id, associated_metadata: { alt_text: { text } } } });
  };

  const tweet = async (request: IncomingMessage, response: ServerResponse) => {
    const grant = authorized(request, response, 'tweet.write');
    if (!grant) return;
    const body = (await readJson(request)) as { text?: unknown; media?: { media_ids?: unknown } };
    const text = typeof body?.text === 'string' ? body.text : '';
    const mediaIds = Array.isArray(body?.media?.media_ids)
      ? (body.media.media_ids as unknown[])
      : [];
    const media = mediaIds.map((id) =>
      typeof id === 'string' && Object.hasOwn(data.media, id) ? data.media[id] : undefined,
    );
    if (!text.trim() && !media.length) {
      return invalidRequest(response, 'A post needs text or media.');
    }
    if (!postTextLength('twitter', text).withinLimit) {
      return invalidRequest(response, 'Your Tweet text is too long.');
    }
    if (media.length > 4 || media.some((item) => !item || item.accountId !== grant.account.id)) {
      return invalidRequest(
        response,
        'media_ids must name up to 4 media uploaded by this account.',
      );
    }
    const since = Date.now() - DUPLICATE_WINDOW_MS;
    const duplicate = data.posts.some(
      (post) =>
        post.platform === 'twitter' &&
        post.accountId === grant.account.id &&
        post.text === text &&
        Date.parse(post.postedAt) > since,
    );
    if (duplicate) {
      return answer(
        response,
        403,
        problem(403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.'),
      );
    }
    const id = snowflake();
    const post: StandInPost = {
      platform: 'twitter',
      accountId: grant.account.id,
      handle: `@${grant.account.username}`,
      text,
      media: media.flatMap((item) =>
        item
          ? [
              {
                mediaId: item.id,
                contentType: item.contentType,
                ...(item.altText ? { altText: item.altText } : {}),
              },
            ]
          : [],
      ),
      postId: id,
      url: `https://x.com/${grant.account.username}/status/${id}`,
      postedAt: new Date().toISOString(),
    };
    data.posts.unshift(post);
    await store.save();
    answer(response, 201, { data: { id, text, edit_history_tweet_ids: [id] } });
  };

  /**
   * Posts' public metrics, as the audience of seeded-audience.ts engaged with them: the post's
   * time is its Snowflake id's. A post is answered as at least an hour old, so a collection run
   * by hand right after publishing in the sandbox already shows numbers.
   */
  const lookup = (request: IncomingMessage, response: ServerResponse, query: URLSearchParams) => {
    const grant = authorized(request, response, 'tweet.read');
    if (!grant) return;
    const ids = (query.get('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 100 || ids.some((id) => !/^\d{1,19}$/.test(id))) {
      return invalidRequest(response, 'ids must name 1 to 100 post ids.');
    }
    const now = Date.now();
    answer(response, 200, {
      data: ids.map((id) => {
        const postedAt = Number((BigInt(id) >> 22n) + SNOWFLAKE_EPOCH);
        const metrics = audienceMetrics(
          'twitter',
          id,
          new Date(postedAt),
          new Date(Math.max(now, postedAt + 60 * 60 * 1000)),
        );
        const known = data.posts.find((post) => post.platform === 'twitter' && post.postId === id);
        return {
          id,
          text: known?.text ?? '',
          edit_history_tweet_ids: [id],
          public_metrics: {
            retweet_count: metrics.reposts,
            reply_count: metrics.replies,
            like_count: metrics.likes,
            quote_count: metrics.quotes,
            bookmark_count: metrics.bookmarks,
            impression_count: metrics.impressions,
          },
        };
      }),
    });
  };

  /** One request below the stand-in's base path (`path` starts with `/`). */
  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ): Promise<void> => {
    const method = request.method ?? 'GET';
    const query = new URL(request.url ?? '/', 'http://sandbox.local').searchParams;
    if (method === 'GET' && path === '/i/oauth2/authorize') {
      return answerConsent('twitter', request, response, oauth, client);
    }

    const failure = failures.take('twitter');
    if (failure === 'timeout') return failures.hang(response);
    if (failure === '402' || failure === '429' || failure === '500')
      return answerFailure(failure, response);
    if (failure === 'revoke') await oauth.revokeAll();

    const mediaStep = /^\/2\/media\/upload\/([^/]+)\/(append|finalize)$/.exec(path);
    if (method === 'POST' && path === '/2/oauth2/token') return token(request, response);
    if (method === 'POST' && path === '/2/oauth2/revoke') return revoke(request, response);
    if (method === 'GET' && path === '/2/users/me') return me(request, response, query);
    if (method === 'POST' && path === '/2/media/upload/initialize')
      return initialize(request, response);
    if (method === 'POST' && mediaStep?.[2] === 'append')
      return append(request, response, mediaStep[1]!);
    if (method === 'POST' && mediaStep?.[2] === 'finalize')
      return finalize(request, response, mediaStep[1]!);
    if (method === 'GET' && path === '/2/media/upload') return status(request, response, query);
    if (method === 'POST' && path === '/2/media/metadata') return metadata(request, response);
    if (method === 'POST' && path === '/2/tweets') return tweet(request, response);
    if (method === 'GET' && path === '/2/tweets') return lookup(request, response, query);
    answer(
      response,
      404,
      problem(404, 'Not Found Error', `The stand-in for X has no ${method} ${path}.`),
    );
  };

  return { handle, oauth };
};
