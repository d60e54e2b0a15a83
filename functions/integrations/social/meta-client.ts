import { PLATFORMS } from '#shared/domain/tiers';
import { graphFailure, PUBLISHING_LIMIT_SUBCODE, type GraphError } from './meta-errors';
import {
  ProviderAuthRevoked,
  ProviderQuotaReached,
  ProviderRejected,
  ProviderUnavailable,
} from './provider-errors';
import { unansweredFetch, type RequestStep } from './provider-failures';
import type {
  GrantedPage,
  MediaFile,
  PageGrantingClient,
  PublishedOnProvider,
  TokenGrant,
} from './social-client';

/**
 * Facebook Pages and Instagram professional accounts through Meta's Graph API, with fetch (Meta's
 * Node SDK is for its Marketing API). One Meta app serves both: Facebook Login for Business grants
 * Pages, each Page's token posts as the Page, and the same token publishes to the Instagram
 * account linked to the Page (instagram_basic, instagram_content_publish).
 * https://developers.facebook.com/docs/pages-api/posts
 * https://developers.facebook.com/docs/instagram-platform/content-publishing
 */

/**
 * The Graph API version every call names (paths start `/v23.0/`). Meta supports a version for
 * at least two years after the next one ships; move this forward (and test) before it retires.
 */
export const GRAPH_API_VERSION = 'v23.0';

export type MetaPlatform = 'facebook' | 'instagram';

export interface MetaClientSettings {
  platform: MetaPlatform;
  appId: string;
  appSecret: string;
  /** https://graph.facebook.com, or the stand-in's base (no trailing slash). */
  graphBaseUrl: string;
  /** https://www.facebook.com (the consent dialog), or the stand-in's base. */
  dialogBaseUrl: string;
  /** Facebook Login for Business's configuration id, when one is set up. */
  loginConfigId?: string;
  /** How long one request may take, answer included. */
  timeoutMs: number;
  /** Between two reads of an Instagram container's status. */
  pollIntervalMs: number;
  /** How long to wait for a container to finish before giving the attempt up (retried later). */
  containerWaitMs: number;
}

/** What each platform asks Meta for. */
export const META_SCOPES: Record<MetaPlatform, readonly string[]> = {
  facebook: [
    'pages_show_list',
    'pages_manage_posts',
    'pages_read_engagement',
    'business_management',
    // How posts did: Page post insights.
    'read_insights',
  ],
  instagram: [
    'instagram_basic',
    'instagram_content_publish',
    'pages_show_list',
    'pages_read_engagement',
    'business_management',
    // How posts did: media insights.
    'instagram_manage_insights',
  ],
};

/** The permission publishing needs, named when Meta's refusal does not say. */
const PUBLISH_PERMISSION: Record<MetaPlatform, string> = {
  facebook: 'pages_manage_posts',
  instagram: 'instagram_content_publish',
};

interface TokenAnswer {
  access_token: string;
  expires_in?: number;
}

interface PageAnswer {
  id: string;
  name: string;
  access_token?: string;
  tasks?: string[];
  picture?: { data?: { url?: string } };
  instagram_business_account?: {
    id: string;
    username?: string;
    name?: string;
    profile_picture_url?: string;
  };
}

interface ContainerStatus {
  status_code?: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
  status?: string;
}

interface PublishingLimit {
  data?: { quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }[];
}

/** Meta fetches media itself: each file comes with a short-lived link to our bucket. */
const urlOf = (file: MediaFile): string => {
  // A caller that read no link for a file is a bug of ours, not a provider's refusal.
  if (!file.url) throw new Error('Meta fetches media by link, and the file has none');
  return file.url;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When a usage header says access comes back (`estimated_time_to_regain_access`, minutes). */
export const regainAt = (response: Response): Date | undefined => {
  for (const header of ['x-business-use-case-usage', 'x-app-usage', 'x-ad-account-usage']) {
    const minutes = /"estimated_time_to_regain_access"\s*:\s*(\d+)/.exec(
      response.headers.get(header) ?? '',
    )?.[1];
    if (minutes && Number(minutes) > 0) return new Date(Date.now() + Number(minutes) * 60_000);
  }
  return undefined;
};

/** The first link in a post's text: Facebook draws its preview when it is given as `link`. */
const firstLink = (text: string): string | undefined =>
  /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’”]/i.exec(text)?.[0];

export const createMetaClient = (settings: MetaClientSettings): PageGrantingClient => {
  const { platform } = settings;
  const name = PLATFORMS[platform].shortName;
  const graph = `${settings.graphBaseUrl}/${GRAPH_API_VERSION}`;

  const quotaReached = (limit: { used: number; total: number; seconds: number } | undefined) =>
    new ProviderQuotaReached(
      platform,
      limit
        ? `Instagram lets this account publish ${limit.total} posts in 24 hours through apps, and they are used up. The post goes as soon as one is free again.`
        : 'Instagram’s limit of posts in 24 hours for this account is used up. The post goes as soon as one is free again.',
      // The window rolls: the oldest post of the last day frees a slot; an hour is a fair guess.
      new Date(Date.now() + 60 * 60 * 1000),
    );

  /**
   * One Graph API request: the answer's JSON on success, the provider error its failure calls for
   * otherwise. The token goes in the Authorization header, never in a URL a log might keep.
   */
  const call = async <T>(
    step: RequestStep,
    path: string,
    options: {
      accessToken?: string;
      method?: 'GET' | 'POST';
      query?: Record<string, string>;
      body?: Record<string, unknown>;
      permission?: string;
    } = {},
  ): Promise<T> => {
    const url = new URL(`${graph}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      url.searchParams.set(key, value);
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: options.method ?? 'GET',
        headers: {
          ...(options.accessToken ? { authorization: `Bearer ${options.accessToken}` } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body ? { body: JSON.stringify(options.body) } : {}),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw unansweredFetch(platform, step, error) ?? error;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const error = (body as { error?: GraphError } | undefined)?.error;
    if (!response.ok || error) {
      if (error?.error_subcode === PUBLISHING_LIMIT_SUBCODE) throw quotaReached(undefined);
      throw graphFailure({
        platform,
        step,
        status: response.status,
        error: error ?? { message: text.slice(0, 300) || `HTTP ${response.status}` },
        permission: options.permission ?? PUBLISH_PERMISSION[platform],
        ...(regainAt(response) ? { resetAt: regainAt(response) } : {}),
      });
    }
    return body as T;
  };

  const appCredentials = { client_id: settings.appId, client_secret: settings.appSecret };

  /** Trades a short-lived user token for a long-lived one (about 60 days). */
  const longLived = (shortLived: string) =>
    call<TokenAnswer>('token', '/oauth/access_token', {
      query: { grant_type: 'fb_exchange_token', ...appCredentials, fb_exchange_token: shortLived },
    });

  /** The permissions the person granted (a consent may leave some out). */
  const grantedPermissions = async (accessToken: string): Promise<string[]> => {
    const answer = await call<{ data?: { permission: string; status: string }[] }>(
      'read',
      '/me/permissions',
      { accessToken },
    );
    return (answer.data ?? [])
      .filter((entry) => entry.status === 'granted')
      .map((entry) => entry.permission);
  };

  // ---- Facebook ----

  const publishToPage = async (input: {
    accessToken: string;
    pageId: string;
    text: string;
    media: readonly MediaFile[];
  }): Promise<PublishedOnProvider> => {
    const { accessToken, pageId, text, media } = input;
    const video = media.find((file) => file.contentType.startsWith('video/'));
    if (video) {
      const { id } = await call<{ id: string }>('post', `/${pageId}/videos`, {
        accessToken,
        method: 'POST',
        body: { file_url: urlOf(video), description: text },
      });
      return { postId: id, url: `https://www.facebook.com/${pageId}/videos/${id}` };
    }
    // Photos are uploaded unpublished, then attached to one post: one post, not one per photo.
    const photoIds: string[] = [];
    for (const photo of media) {
      const { id } = await call<{ id: string }>('upload', `/${pageId}/photos`, {
        accessToken,
        method: 'POST',
        body: {
          url: urlOf(photo),
          published: false,
          ...(photo.altText ? { alt_text_custom: photo.altText } : {}),
        },
      });
      photoIds.push(id);
    }
    const link = photoIds.length ? undefined : firstLink(text);
    const { id } = await call<{ id: string }>('post', `/${pageId}/feed`, {
      accessToken,
      method: 'POST',
      body: {
        message: text,
        ...(link ? { link } : {}),
        ...(photoIds.length
          ? { attached_media: photoIds.map((photoId) => ({ media_fbid: photoId })) }
          : {}),
      },
    });
    return { postId: id, url: `https://www.facebook.com/${id}` };
  };

  // ---- Instagram ----

  /** The account's rolling 24-hour limit: read every time, never assumed. */
  const ensureQuota = async (accessToken: string, igUserId: string): Promise<void> => {
    const answer = await call<PublishingLimit>('read', `/${igUserId}/content_publishing_limit`, {
      accessToken,
      query: { fields: 'quota_usage,config' },
    });
    const entry = answer.data?.[0];
    const used = entry?.quota_usage ?? 0;
    const total = entry?.config?.quota_total;
    if (total !== undefined && used >= total) {
      throw quotaReached({ used, total, seconds: entry?.config?.quota_duration ?? 86_400 });
    }
  };

  const createContainer = async (
    accessToken: string,
    igUserId: string,
    body: Record<string, unknown>,
  ): Promise<string> =>
    (
      await call<{ id: string }>('upload', `/${igUserId}/media`, {
        accessToken,
        method: 'POST',
        body,
      })
    ).id;

  const itemBody = (file: MediaFile, inCarousel: boolean): Record<string, unknown> =>
    file.contentType.startsWith('video/')
      ? { media_type: inCarousel ? 'VIDEO' : 'REELS', video_url: urlOf(file) }
      : { image_url: urlOf(file), ...(file.altText ? { alt_text: file.altText } : {}) };

  /**
   * Waits until the container is FINISHED (IN_PROGRESS first is normal, for videos a while). A
   * container that ends in ERROR or EXPIRED is refused with Meta's reason; one still in progress
   * after the wait gives this attempt up with nothing published, for a later one.
   */
  const awaitContainer = async (accessToken: string, containerId: string): Promise<void> => {
    const deadline = Date.now() + settings.containerWaitMs;
    for (;;) {
      const status = await call<ContainerStatus>('read', `/${containerId}`, {
        accessToken,
        query: { fields: 'status_code,status' },
      });
      if (status.status_code === 'FINISHED' || status.status_code === 'PUBLISHED') return;
      if (status.status_code === 'ERROR' || status.status_code === 'EXPIRED') {
        throw new ProviderRejected(
          platform,
          status.status_code === 'EXPIRED'
            ? 'Instagram’s upload expired before it was published. Please try again.'
            : `Instagram could not process this image or video${status.status ? ` (${status.status})` : ''}. Check that it is a JPEG image or an MP4 video Instagram takes, then try again.`,
        );
      }
      if (Date.now() + settings.pollIntervalMs > deadline) {
        throw new ProviderUnavailable(
          platform,
          'Instagram is still processing the media; nothing was published',
          undefined,
          true,
        );
      }
      await sleep(settings.pollIntervalMs);
    }
  };

  const publishToInstagram = async (input: {
    accessToken: string;
    igUserId: string;
    handle?: string;
    text: string;
    media: readonly MediaFile[];
    onPrepared?: (preparedId: string) => Promise<void>;
  }): Promise<PublishedOnProvider> => {
    const { accessToken, igUserId, text, media } = input;
    if (!media.length) {
      throw new ProviderRejected(platform, 'Instagram posts need an image or a video.');
    }
    await ensureQuota(accessToken, igUserId);
    let containerId: string;
    if (media.length === 1) {
      containerId = await createContainer(accessToken, igUserId, {
        ...itemBody(media[0]!, false),
        caption: text,
      });
    } else {
      const children: string[] = [];
      for (const file of media) {
        children.push(
          await createContainer(accessToken, igUserId, {
            ...itemBody(file, true),
            is_carousel_item: true,
          }),
        );
      }
      // Each item finishes on its own before the carousel is made of them.
      for (const child of children) await awaitContainer(accessToken, child);
      containerId = await createContainer(accessToken, igUserId, {
        media_type: 'CAROUSEL',
        children: children.join(','),
        caption: text,
      });
    }
    await input.onPrepared?.(containerId);
    await awaitContainer(accessToken, containerId);
    const { id } = await call<{ id: string }>('post', `/${igUserId}/media_publish`, {
      accessToken,
      method: 'POST',
      body: { creation_id: containerId },
    });
    // Published: a failed read of the permalink must not turn that into a failure.
    const url = await call<{ permalink?: string }>('read', `/${id}`, {
      accessToken,
      query: { fields: 'permalink' },
    }).then(
      (answer) => answer.permalink,
      () => undefined,
    );
    const profile = input.handle
      ? `https://www.instagram.com/${input.handle.replace(/^@/, '')}/`
      : '';
    return { postId: id, url: url ?? profile };
  };

  return {
    platform,
    grantsPages: true,

    authorizationUrl({ state, redirectUri }) {
      const url = new URL(`${settings.dialogBaseUrl}/${GRAPH_API_VERSION}/dialog/oauth`);
      url.search = new URLSearchParams({
        client_id: settings.appId,
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        // Facebook Login for Business names its permissions in a configuration; without one
        // (the sandbox, a plain Facebook Login app) they are asked for by name.
        ...(settings.loginConfigId
          ? { config_id: settings.loginConfigId, override_default_response_type: 'true' }
          : { scope: META_SCOPES[platform].join(',') }),
      }).toString();
      return url.toString();
    },

    async exchangeCode({ code, redirectUri }) {
      const shortLived = await call<TokenAnswer>('token', '/oauth/access_token', {
        query: { ...appCredentials, redirect_uri: redirectUri, code },
      });
      const token = await longLived(shortLived.access_token);
      const grant: TokenGrant = {
        accessToken: token.access_token,
        ...(token.expires_in
          ? { expiresAt: new Date(Date.now() + token.expires_in * 1000).toISOString() }
          : {}),
        scopes: await grantedPermissions(token.access_token),
      };
      return grant;
    },

    async refresh() {
      // A Page token from a long-lived user token does not expire; there is nothing to refresh.
      throw new ProviderAuthRevoked(platform, `${name} tokens are not refreshed: connect again`);
    },

    async account(accessToken) {
      const me = await call<{ id: string; name?: string }>('read', '/me', {
        accessToken,
        query: { fields: 'id,name' },
      });
      return { id: me.id, handle: me.name ?? me.id, displayName: me.name ?? '' };
    },

    async pages(userAccessToken) {
      const answer = await call<{ data?: PageAnswer[] }>('read', '/me/accounts', {
        accessToken: userAccessToken,
        permission: 'pages_show_list',
        query: {
          fields:
            'id,name,access_token,tasks,picture{url},instagram_business_account{id,username,name,profile_picture_url}',
          limit: '100',
        },
      });
      return (answer.data ?? []).flatMap((page): GrantedPage[] => {
        if (!page.access_token) return [];
        const instagram = page.instagram_business_account;
        return [
          {
            id: page.id,
            name: page.name,
            ...(page.picture?.data?.url ? { pictureUrl: page.picture.data.url } : {}),
            accessToken: page.access_token,
            // Without tasks listed (an older answer), Meta decides at publishing time.
            canPost: !page.tasks || page.tasks.includes('CREATE_CONTENT'),
            ...(instagram
              ? {
                  instagram: {
                    id: instagram.id,
                    username: instagram.username ?? instagram.id,
                    ...(instagram.name ? { name: instagram.name } : {}),
                    ...(instagram.profile_picture_url
                      ? { pictureUrl: instagram.profile_picture_url }
                      : {}),
                  },
                }
              : {}),
          },
        ];
      });
    },

    publish: ({ accessToken, accountId, handle, text, media, onPrepared }) =>
      platform === 'facebook'
        ? publishToPage({ accessToken, pageId: accountId, text, media })
        : publishToInstagram({
            accessToken,
            igUserId: accountId,
            ...(handle ? { handle } : {}),
            text,
            media,
            ...(onPrepared ? { onPrepared } : {}),
          }),

    async revoke() {
      // One consent grants Facebook and Instagram alike: revoking it here would end the other
      // platform's connection too. Disconnecting forgets the Page's token; the owner removes the
      // app in Facebook's settings (Business integrations) to end the consent itself.
    },
  };
};
