import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readImageHeader } from '#functions/core/media/image-header';
import { postTextLength } from '#shared/domain/post-text';
import { PLATFORM_MEDIA } from '#shared/domain/platform-media';
import { answerConsent } from './consent';
import type { Failures } from './failures';
import { createOAuthServer } from './oauth';
import type { Grant, ProviderStore, StandInAccount, StandInPost } from './provider-store';
import type { StandInClient } from './stand-in-clients';
import { audienceMetrics } from './seeded-audience';
import { answer, bearerOf, originOf, readJson } from './stand-in-http';

/**
 * Meta's Graph API as the app uses it, for Facebook Pages and the Instagram professional
 * accounts linked to them, under the stand-in's base path and one version prefix (any `v…`):
 *
 *   GET  /{v}/dialog/oauth                    the consent page (consent.ts); it lists the Pages
 *   GET  /{v}/oauth/access_token              code → short-lived token; fb_exchange_token → long-lived
 *   GET  /{v}/me, /{v}/me/permissions         the person, the permissions granted
 *   GET  /{v}/me/accounts                     the Pages, each with its token and linked account
 *   POST /{v}/{page-id}/feed|photos|videos    a post, an (unpublished) photo, a video
 *   GET  /{v}/{ig-id}/content_publishing_limit  the rolling 24-hour limit (100 posts)
 *   POST /{v}/{ig-id}/media                   a container (image, video, carousel item, carousel)
 *   GET  /{v}/{container-id}?fields=status_code  IN_PROGRESS on the first read, then FINISHED
 *   POST /{v}/{ig-id}/media_publish           publishes a FINISHED container
 *   GET  /{v}/{media-id}?fields=permalink     a published post's link
 *   GET  /{v}/{post-id}/insights?metric=…     a Page post's or an Instagram media's insights,
 *                                            from the seeded audience (seeded-audience.ts)
 *
 * Every name typed on the consent page manages two Pages: "{name}", linked to the Instagram
 * account @{name}, and "{name} Events", with no Instagram account linked. Failures are Meta's
 * `{ error: { message, type, code, error_subcode } }`. The switches (failures.ts) act on the next
 * publishing call of the platform: `429` a rate limit (code 4), `500` a server error, `timeout`
 * no answer, `revoke` and `expired` a token refused (190), `permission` a permission missing
 * (200), `container-error` the next container ends in ERROR, `publish-timeout` the next publish
 * goes out but its answer never comes, `limit-reached` the publishing limit used up.
 */

/** A long-lived user token lasts about 60 days; a short-lived one about two hours. */
const SHORT_LIVED_SECONDS = 2 * 60 * 60;
const LONG_LIVED_SECONDS = 60 * 24 * 60 * 60;
/** Page tokens from a long-lived user token do not expire: far enough for the sandbox. */
const PAGE_TOKEN_SECONDS = 10 * 365 * 24 * 60 * 60;
/** Instagram's content publishing limit over a rolling 24 hours. */
const PUBLISHING_LIMIT = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How many status reads a container stays IN_PROGRESS (a video takes longer). */
const READS_IN_PROGRESS = { image: 1, video: 2, carousel: 1 } as const;

const IMAGE_MAX_BYTES = PLATFORM_MEDIA.instagram.kinds.find(
  (kind) => kind.kind === 'image',
)!.maxBytes;
const VIDEO_MAX_BYTES = PLATFORM_MEDIA.instagram.kinds.find(
  (kind) => kind.kind === 'video',
)!.maxBytes;

type GraphErrorBody = { message: string; type: string; code: number; error_subcode?: number };

const graphError = (
  response: ServerResponse,
  status: number,
  error: Omit<GraphErrorBody, 'type'> & { type?: string },
) =>
  answer(response, status, {
    error: { type: 'OAuthException', fbtrace_id: randomBytes(6).toString('base64url'), ...error },
  });

const digits = (seed: string, length: number) =>
  (
    BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 15)}`) %
    10n ** BigInt(length)
  )
    .toString()
    .padStart(length, '0');

interface StandInPage {
  id: string;
  name: string;
  instagram?: { id: string; username: string; name: string };
}

/** The Pages a person manages: the same name always has the same two. */
export const pagesOf = (account: StandInAccount): StandInPage[] => {
  const slug =
    account.name
      .toLowerCase()
      .replace(/[^a-z0-9_.]/g, '')
      .slice(0, 30) || 'sandbox';
  return [
    {
      id: `10${digits(`page:${account.id}:main`, 13)}`,
      name: account.name,
      instagram: {
        id: `178414${digits(`ig:${account.id}`, 11)}`,
        username: slug,
        name: account.name,
      },
    },
    { id: `10${digits(`page:${account.id}:events`, 13)}`, name: `${account.name} Events` },
  ];
};

interface Container {
  id: string;
  igUserId: string;
  grantId: string;
  kind: 'image' | 'video' | 'carousel';
  caption: string;
  /** The fetched file's media id (items), or the items' containers (a carousel). */
  mediaId?: string;
  children?: string[];
  reads: number;
  error?: string;
  published?: string;
}

export interface MetaStandInOptions {
  store: ProviderStore;
  failures: Failures;
  client: StandInClient;
}

export const createMetaStandIn = ({ store, failures, client }: MetaStandInOptions) => {
  // One Meta app, one OAuth server: Facebook and Instagram consent through the same dialog.
  const oauth = createOAuthServer(store, {
    platform: 'facebook',
    accessTokenSeconds: SHORT_LIVED_SECONDS,
    refreshTokenFor: () => false,
  });
  const { data } = store;
  const containers = new Map<string, Container>();
  /** Failures that wait for a later step (a container's status, the publish). */
  const pendingContainerError = new Set<string>();

  /** A token of ours for the grant, stored like the OAuth server's own. */
  const issueToken = async (grantId: string, prefix: string, seconds: number) => {
    const token = `sbx-fb-${prefix}.${randomBytes(24).toString('base64url')}`;
    data.tokens[token] = { grantId, kind: 'access', expiresAt: Date.now() + seconds * 1000 };
    await store.save();
    return token;
  };

  /** The grant and, for a Page token, the Page (its id is in the token). */
  const caller = (request: IncomingMessage): { grant: Grant; pageId?: string } | undefined => {
    const token = bearerOf(request);
    const grant = oauth.grantOf(token);
    if (!grant || !token) return undefined;
    const pageId = /^sbx-fb-page-(\d+)\./.exec(token)?.[1];
    return pageId ? { grant, pageId } : { grant };
  };

  const refuseToken = (response: ServerResponse) =>
    graphError(response, 400, {
      message:
        'Error validating access token: Session has expired or the user changed the password.',
      code: 190,
      error_subcode: 463,
    });

  const missingPermission = (response: ServerResponse, permission: string) =>
    graphError(response, 403, {
      message: `(#200) Requires ${permission} permission to manage the object`,
      type: 'OAuthException',
      code: 200,
    });

  /** Applies the platform's next failure; true when it answered. */
  const failed = async (
    platform: 'facebook' | 'instagram',
    response: ServerResponse,
    permission: string,
    grant: Grant,
  ): Promise<boolean> => {
    const kind = failures.next(platform);
    // These wait for the step they belong to.
    if (kind === 'container-error' || kind === 'publish-timeout' || kind === 'limit-reached') {
      return false;
    }
    failures.take(platform);
    switch (kind) {
      case 'timeout':
        failures.hang(response);
        return true;
      case '429':
        graphError(response, 400, {
          message: '(#4) Application request limit reached',
          code: 4,
        });
        return true;
      case '500':
        graphError(response, 500, { message: 'An unknown error has occurred.', code: 1 });
        return true;
      case 'revoke':
        await oauth.revokeAll();
        refuseToken(response);
        return true;
      case 'expired':
        // This person's consent alone: the password changed, or the app was removed.
        if (Object.hasOwn(data.grants, grant.grantId)) data.grants[grant.grantId]!.revoked = true;
        await store.save();
        refuseToken(response);
        return true;
      case 'permission':
        missingPermission(response, permission);
        return true;
      default:
        return false;
    }
  };

  const pageOf = (grant: Grant, pageId: string) =>
    pagesOf(grant.account).find((page) => page.id === pageId);

  const instagramOf = (grant: Grant, igUserId: string) =>
    pagesOf(grant.account).find((page) => page.instagram?.id === igUserId);

  /** Fetches a file by the link given, as Meta does; its media id, or why not. */
  const fetchMedia = async (
    url: unknown,
    platform: 'facebook' | 'instagram',
    accountId: string,
    expect: 'image' | 'video',
  ): Promise<{ mediaId: string; bytes: Buffer } | { subcode: number; message: string }> => {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      return { subcode: 2207052, message: 'Media download has failed: no URL' };
    }
    let bytes: Buffer;
    let contentType: string;
    try {
      const fetched = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!fetched.ok) {
        return { subcode: 2207052, message: `Media download has failed: HTTP ${fetched.status}` };
      }
      bytes = Buffer.from(await fetched.arrayBuffer());
      contentType = (fetched.headers.get('content-type') ?? '').toLowerCase();
    } catch {
      return { subcode: 2207003, message: 'Media download has timed out' };
    }
    if (expect === 'video') {
      if (bytes.subarray(4, 8).toString('latin1') !== 'ftyp' || bytes.length > VIDEO_MAX_BYTES) {
        return { subcode: 2207026, message: 'Unsupported video format' };
      }
      contentType = 'video/mp4';
    } else {
      const header = readImageHeader(bytes);
      if (!header || bytes.length > IMAGE_MAX_BYTES) {
        return { subcode: 2207023, message: 'The media type is unknown' };
      }
      if (platform === 'instagram') {
        if (header.contentType !== 'image/jpeg') {
          return { subcode: 2207023, message: 'Only JPEG images are supported' };
        }
        const ratio = header.width / header.height;
        if (ratio < 0.8 - 0.005 || ratio > 1.91 + 0.005) {
          return { subcode: 2207009, message: 'The aspect ratio is not supported.' };
        }
      }
      contentType = header.contentType;
    }
    const mediaId = `${Date.now()}${randomInt(1_000_000)}`;
    await store.writeMedia(mediaId, bytes);
    data.media[mediaId] = {
      id: mediaId,
      platform,
      accountId,
      contentType,
      size: bytes.length,
      createdAt: new Date().toISOString(),
    };
    return { mediaId, bytes };
  };

  const record = async (post: StandInPost) => {
    data.posts.unshift(post);
    await store.save();
  };

  // ---- OAuth ----

  const accessToken = async (response: ServerResponse, query: URLSearchParams) => {
    if (
      query.get('client_id') !== client.clientId ||
      query.get('client_secret') !== client.clientSecret
    ) {
      return graphError(response, 400, {
        message: 'Error validating client secret.',
        code: 1,
        error_subcode: 0,
      });
    }
    if (query.get('grant_type') === 'fb_exchange_token') {
      const grant = oauth.grantOf(query.get('fb_exchange_token') ?? undefined);
      if (!grant) return refuseToken(response);
      return answer(response, 200, {
        access_token: await issueToken(grant.grantId, 'user', LONG_LIVED_SECONDS),
        token_type: 'bearer',
        expires_in: LONG_LIVED_SECONDS,
      });
    }
    const outcome = await oauth.redeemCode({
      code: query.get('code') ?? '',
      clientId: client.clientId,
      redirectUri: query.get('redirect_uri') ?? '',
    });
    if (typeof outcome === 'string') {
      return graphError(response, 400, {
        message: `Invalid verification code format. ${outcome}`,
        code: 100,
        error_subcode: 36007,
      });
    }
    answer(response, 200, {
      access_token: outcome.accessToken,
      token_type: 'bearer',
      expires_in: outcome.expiresIn,
    });
  };

  const me = (response: ServerResponse, grant: Grant) =>
    answer(response, 200, { id: grant.account.id, name: grant.account.name });

  const permissions = (response: ServerResponse, grant: Grant) =>
    answer(response, 200, {
      data: grant.scopes.map((permission) => ({ permission, status: 'granted' })),
    });

  const accounts = async (response: ServerResponse, request: IncomingMessage, grant: Grant) => {
    if (!grant.scopes.includes('pages_show_list'))
      return missingPermission(response, 'pages_show_list');
    const origin = originOf(request);
    const avatar = (name: string) =>
      `${origin}/_sandbox/providers/avatars/${encodeURIComponent(name)}.svg`;
    const pages = await Promise.all(
      pagesOf(grant.account).map(async (page) => ({
        id: page.id,
        name: page.name,
        access_token: await issueToken(grant.grantId, `page-${page.id}`, PAGE_TOKEN_SECONDS),
        tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
        picture: { data: { url: avatar(page.name) } },
        ...(page.instagram && grant.scopes.includes('instagram_basic')
          ? {
              instagram_business_account: {
                id: page.instagram.id,
                username: page.instagram.username,
                name: page.instagram.name,
                profile_picture_url: avatar(page.instagram.username),
              },
            }
          : {}),
      })),
    );
    answer(response, 200, { data: pages, paging: { cursors: { before: 'a', after: 'b' } } });
  };

  // ---- Facebook ----

  const pagePost = async (
    request: IncomingMessage,
    response: ServerResponse,
    auth: { grant: Grant; pageId?: string },
    pageId: string,
    edge: 'feed' | 'photos' | 'videos',
  ) => {
    const page = pageOf(auth.grant, pageId);
    if (!page || auth.pageId !== pageId) {
      return graphError(response, 400, {
        message: '(#200) The page access token is not valid for this Page',
        code: 200,
      });
    }
    if (!auth.grant.scopes.includes('pages_manage_posts')) {
      return missingPermission(response, 'pages_manage_posts');
    }
    if (await failed('facebook', response, 'pages_manage_posts', auth.grant)) return;
    const body = ((await readJson(request)) ?? {}) as Record<string, unknown>;
    const timeout = failures.next('facebook') === 'publish-timeout' && edge !== 'photos';
    if (edge === 'photos') {
      const fetched = await fetchMedia(body.url, 'facebook', pageId, 'image');
      if ('subcode' in fetched) {
        return graphError(response, 400, {
          message: fetched.message,
          code: 100,
          error_subcode: 1366046,
        });
      }
      if (typeof body.alt_text_custom === 'string')
        data.media[fetched.mediaId]!.altText = body.alt_text_custom;
      await store.save();
      return answer(response, 200, { id: fetched.mediaId });
    }
    const text =
      typeof body.message === 'string'
        ? body.message
        : typeof body.description === 'string'
          ? body.description
          : '';
    let media: StandInPost['media'] = [];
    if (edge === 'videos') {
      const fetched = await fetchMedia(body.file_url, 'facebook', pageId, 'video');
      if ('subcode' in fetched) {
        return graphError(response, 400, {
          message: fetched.message,
          code: 100,
          error_subcode: 1363030,
        });
      }
      media = [{ mediaId: fetched.mediaId, contentType: 'video/mp4' }];
    } else {
      const attached = Array.isArray(body.attached_media)
        ? (body.attached_media as { media_fbid?: unknown }[])
        : [];
      const ids = attached.map((item) => String(item.media_fbid ?? ''));
      if (
        ids.some((id) => !Object.hasOwn(data.media, id) || data.media[id]!.accountId !== pageId)
      ) {
        return graphError(response, 400, {
          message: "(#100) attached_media must name this Page's photos",
          code: 100,
        });
      }
      if (!text.trim() && !ids.length) {
        return graphError(response, 400, {
          message: '(#100) A post needs a message, a link or media',
          code: 100,
        });
      }
      if (!postTextLength('facebook', text).withinLimit) {
        return graphError(response, 400, { message: '(#100) The message is too long', code: 100 });
      }
      media = ids.map((id) => ({
        mediaId: id,
        contentType: data.media[id]!.contentType,
        ...(data.media[id]!.altText ? { altText: data.media[id]!.altText } : {}),
      }));
    }
    const objectId = `${Date.now()}${randomInt(1_000_000)}`;
    const id = edge === 'videos' ? objectId : `${pageId}_${objectId}`;
    await record({
      platform: 'facebook',
      accountId: pageId,
      handle: page.name,
      text,
      media,
      postId: id,
      url:
        edge === 'videos'
          ? `https://www.facebook.com/${pageId}/videos/${id}`
          : `https://www.facebook.com/${id}`,
      postedAt: new Date().toISOString(),
    });
    if (timeout) {
      // Posted, but the answer never comes: the client must not post it again.
      failures.take('facebook');
      return failures.hang(response);
    }
    answer(response, 200, { id });
  };

  // ---- Instagram ----

  const instagramCall = (
    response: ServerResponse,
    auth: { grant: Grant },
    igUserId: string,
    permission: string,
  ) => {
    const page = instagramOf(auth.grant, igUserId);
    if (!page?.instagram) {
      graphError(response, 400, {
        message: `(#100) Unsupported request: object with ID '${igUserId}' does not exist or cannot be reached`,
        code: 100,
        error_subcode: 33,
      });
      return undefined;
    }
    if (!auth.grant.scopes.includes(permission)) {
      missingPermission(response, permission);
      return undefined;
    }
    return page.instagram;
  };

  const publishedToday = (igUserId: string) =>
    data.posts.filter(
      (post) =>
        post.platform === 'instagram' &&
        post.accountId === igUserId &&
        Date.parse(post.postedAt) > Date.now() - DAY_MS,
    ).length;

  const publishingLimit = async (
    response: ServerResponse,
    auth: { grant: Grant },
    igUserId: string,
  ) => {
    if (!instagramCall(response, auth, igUserId, 'instagram_basic')) return;
    if (await failed('instagram', response, 'instagram_content_publish', auth.grant)) return;
    const full = failures.next('instagram') === 'limit-reached';
    if (full) failures.take('instagram');
    answer(response, 200, {
      data: [
        {
          quota_usage: full ? PUBLISHING_LIMIT : publishedToday(igUserId),
          config: { quota_total: PUBLISHING_LIMIT, quota_duration: 86_400 },
        },
      ],
    });
  };

  const createContainer = async (
    request: IncomingMessage,
    response: ServerResponse,
    auth: { grant: Grant },
    igUserId: string,
  ) => {
    const account = instagramCall(response, auth, igUserId, 'instagram_content_publish');
    if (!account) return;
    if (await failed('instagram', response, 'instagram_content_publish', auth.grant)) return;
    const body = ((await readJson(request)) ?? {}) as Record<string, unknown>;
    const caption = typeof body.caption === 'string' ? body.caption : '';
    if (!postTextLength('instagram', caption).withinLimit) {
      return graphError(response, 400, {
        message: 'The caption is too long',
        code: 100,
        error_subcode: 2207010,
      });
    }
    const id = `179${digits(`${Date.now()}:${randomInt(1 << 30)}`, 14)}`;
    const container: Container = {
      id,
      igUserId,
      grantId: auth.grant.grantId,
      kind: 'image',
      caption,
      reads: 0,
    };
    if (body.media_type === 'CAROUSEL') {
      const children = String(body.children ?? '')
        .split(',')
        .filter(Boolean);
      if (
        children.length < 2 ||
        children.length > 10 ||
        children.some((child) => containers.get(child)?.igUserId !== igUserId)
      ) {
        return graphError(response, 400, {
          message: 'Carousel validation failed',
          code: 100,
          error_subcode: 2207028,
        });
      }
      container.kind = 'carousel';
      container.children = children;
    } else {
      const video = body.media_type === 'REELS' || body.media_type === 'VIDEO';
      const fetched = await fetchMedia(
        video ? body.video_url : body.image_url,
        'instagram',
        igUserId,
        video ? 'video' : 'image',
      );
      if ('subcode' in fetched) {
        return graphError(response, 400, {
          message: fetched.message,
          code: 100,
          error_subcode: fetched.subcode,
        });
      }
      if (typeof body.alt_text === 'string') data.media[fetched.mediaId]!.altText = body.alt_text;
      await store.save();
      container.kind = video ? 'video' : 'image';
      container.mediaId = fetched.mediaId;
    }
    if (failures.next('instagram') === 'container-error') {
      failures.take('instagram');
      pendingContainerError.add(id);
    }
    containers.set(id, container);
    answer(response, 200, { id });
  };

  const statusOf = (container: Container) => {
    if (container.published) return 'PUBLISHED';
    if (pendingContainerError.has(container.id)) {
      return container.reads > 1 ? 'ERROR' : 'IN_PROGRESS';
    }
    return container.reads > READS_IN_PROGRESS[container.kind] ? 'FINISHED' : 'IN_PROGRESS';
  };

  const readObject = (
    response: ServerResponse,
    auth: { grant: Grant },
    id: string,
    query: URLSearchParams,
  ) => {
    const container = containers.get(id);
    if (container && container.grantId === auth.grant.grantId) {
      container.reads += 1;
      const statusCode = statusOf(container);
      return answer(response, 200, {
        id,
        status_code: statusCode,
        ...(statusCode === 'ERROR'
          ? { status: 'Error: Media upload has failed with error code 2207001' }
          : {
              status:
                statusCode === 'FINISHED'
                  ? 'Finished: Media has been uploaded and it is ready to be published.'
                  : `${statusCode}`,
            }),
      });
    }
    const post = data.posts.find((item) => item.platform === 'instagram' && item.postId === id);
    if (post && query.get('fields')?.includes('permalink')) {
      return answer(response, 200, { id, permalink: post.url });
    }
    graphError(response, 400, {
      message: `(#100) Unsupported get request. Object with ID '${id}' does not exist`,
      code: 100,
      error_subcode: 33,
    });
  };

  // ---- Insights ----

  /**
   * A published post's lifetime insights, as the audience of seeded-audience.ts engaged with it
   * (the post's time is when it was posted here; it is answered as at least an hour old, as the
   * stand-ins for X and LinkedIn do). A Page post is read with its Page's token, an Instagram
   * media with a token of the Page it is linked to. Unknown metrics are refused as Meta does.
   */
  const insights = (
    response: ServerResponse,
    auth: { grant: Grant; pageId?: string },
    id: string,
    query: URLSearchParams,
  ) => {
    const post = data.posts.find(
      (item) =>
        (item.platform === 'facebook' || item.platform === 'instagram') && item.postId === id,
    );
    const readable =
      post?.platform === 'facebook'
        ? post.accountId === auth.pageId
        : post !== undefined && instagramOf(auth.grant, post.accountId) !== undefined;
    if (!post || !readable) {
      return graphError(response, 400, {
        message: `(#100) Unsupported get request. Object with ID '${id}' does not exist`,
        code: 100,
        error_subcode: 33,
      });
    }
    const postedAt = Date.parse(post.postedAt);
    const audience = audienceMetrics(
      post.platform === 'facebook' ? 'facebook' : 'instagram',
      post.postId,
      new Date(postedAt),
      new Date(Math.max(Date.now(), postedAt + 60 * 60 * 1000)),
    );
    const interactions =
      audience.likes + audience.reposts + audience.replies + audience.quotes + audience.bookmarks;
    const values: Record<string, number | Record<string, number>> =
      post.platform === 'facebook'
        ? {
            post_media_view: audience.impressions,
            post_reactions_by_type_total: { like: audience.likes, love: audience.bookmarks },
            post_clicks: audience.replies + audience.reposts + audience.quotes,
          }
        : { views: audience.impressions, total_interactions: interactions };
    const metrics = (query.get('metric') ?? '').split(',').filter(Boolean);
    const unknown = metrics.find((metric) => !(metric in values));
    if (metrics.length === 0 || unknown) {
      return graphError(response, 400, {
        message: `(#100) metric[0] must be one of the following values: ${Object.keys(values).join(', ')}`,
        code: 100,
      });
    }
    answer(response, 200, {
      data: metrics.map((name) => ({
        name,
        period: 'lifetime',
        values: [{ value: values[name] }],
        id: `${id}/insights/${name}/lifetime`,
      })),
    });
  };

  const mediaPublish = async (
    request: IncomingMessage,
    response: ServerResponse,
    auth: { grant: Grant },
    igUserId: string,
  ) => {
    const account = instagramCall(response, auth, igUserId, 'instagram_content_publish');
    if (!account) return;
    if (await failed('instagram', response, 'instagram_content_publish', auth.grant)) return;
    const body = ((await readJson(request)) ?? {}) as Record<string, unknown>;
    const container = containers.get(String(body.creation_id ?? ''));
    if (!container || container.igUserId !== igUserId) {
      return graphError(response, 400, {
        message: 'The media is not found',
        code: 100,
        error_subcode: 2207006,
      });
    }
    if (container.published) {
      return graphError(response, 400, {
        message: 'The media has already been published',
        code: 100,
        error_subcode: 2207006,
      });
    }
    if (statusOf(container) !== 'FINISHED') {
      return graphError(response, 400, {
        message: 'Media is not ready for publishing',
        code: 9007,
        error_subcode: 2207027,
      });
    }
    if (publishedToday(igUserId) >= PUBLISHING_LIMIT) {
      return graphError(response, 400, {
        message: 'Application request limit reached',
        code: 9,
        error_subcode: 2207042,
      });
    }
    const mediaIds =
      container.kind === 'carousel'
        ? (container.children ?? []).map((child) => containers.get(child)?.mediaId ?? '')
        : [container.mediaId ?? ''];
    const id = `179${digits(`media:${container.id}`, 14)}`;
    container.published = id;
    await record({
      platform: 'instagram',
      accountId: igUserId,
      handle: `@${account.username}`,
      text: container.caption,
      media: mediaIds.map((mediaId) => ({
        mediaId,
        contentType: data.media[mediaId]?.contentType ?? 'image/jpeg',
        ...(data.media[mediaId]?.altText ? { altText: data.media[mediaId]!.altText } : {}),
      })),
      postId: id,
      url: `https://www.instagram.com/p/${Buffer.from(id).toString('base64url').slice(0, 11)}/`,
      postedAt: new Date().toISOString(),
    });
    if (failures.next('instagram') === 'publish-timeout') {
      // Published, but the answer never comes: the client must not publish it again.
      failures.take('instagram');
      return failures.hang(response);
    }
    answer(response, 200, { id });
  };

  /** One request below the stand-in's base path (`path` starts with `/`). */
  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ): Promise<void> => {
    const method = request.method ?? 'GET';
    const query = new URL(request.url ?? '/', 'http://sandbox.local').searchParams;
    const versioned = /^\/v\d+\.\d+(\/.*)$/.exec(path);
    if (!versioned) {
      return graphError(response, 400, {
        message: 'Unknown path components: calls must name a Graph API version (/v23.0/…)',
        code: 2500,
      });
    }
    const route = versioned[1]!;
    if (method === 'GET' && route === '/dialog/oauth') {
      // The consent page is the same for both: one Meta app grants Pages.
      return answerConsent('facebook', request, response, oauth, client);
    }
    if (method === 'GET' && route === '/oauth/access_token') return accessToken(response, query);

    const auth = caller(request);
    if (!auth) return refuseToken(response);
    if (method === 'GET' && route === '/me') return me(response, auth.grant);
    if (method === 'GET' && route === '/me/permissions') return permissions(response, auth.grant);
    if (method === 'GET' && route === '/me/accounts')
      return accounts(response, request, auth.grant);

    const [, id = '', edge] = route.split('/');
    if (method === 'POST' && (edge === 'feed' || edge === 'photos' || edge === 'videos')) {
      return pagePost(request, response, auth, id, edge);
    }
    if (method === 'GET' && edge === 'content_publishing_limit') {
      return publishingLimit(response, auth, id);
    }
    if (method === 'POST' && edge === 'media') return createContainer(request, response, auth, id);
    if (method === 'POST' && edge === 'media_publish') {
      return mediaPublish(request, response, auth, id);
    }
    if (method === 'GET' && edge === 'insights') return insights(response, auth, id, query);
    if (method === 'GET' && edge === undefined) return readObject(response, auth, id, query);
    graphError(response, 400, {
      message: `Unsupported ${method} request to ${route} (the stand-in for Meta)`,
      code: 100,
    });
  };

  return { handle, oauth };
};
