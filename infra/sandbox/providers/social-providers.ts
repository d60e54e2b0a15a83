import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONNECTABLE_PLATFORMS, PLATFORMS, type ConnectablePlatform } from '#shared/domain/tiers';
import { escapeHtml } from '../html';
import type { InboxPanel } from '../inbox';
import * as z from 'zod';
import { readBody, redirect, sendJson, sendText } from '../responses';
import type { Route, Service } from '../service';
import { createFailures, FAILURE_KINDS, isFailureKind, type Failures } from './failures';
import { createLinkedInStandIn } from './linkedin-stand-in';
import { createMetaStandIn } from './meta-stand-in';
import { postsPanel, type PanelPost } from './posts-panel';
import { createProviderStore, type StandInPost } from './provider-store';
import { STAND_IN_CLIENTS, STAND_IN_PATHS, type StandInClient } from './stand-in-clients';
import { originOf, pathBelow, readJson } from './stand-in-http';
import { createXStandIn } from './x-stand-in';

/**
 * The sandbox's stand-ins for X, LinkedIn and Meta (Facebook, Instagram) as one service: each provider's API and consent page
 * under its base path (x-stand-in.ts, linkedin-stand-in.ts), the media uploaded to them, the posts
 * made (in `/_sandbox` and as JSON), and failure injection:
 *
 *   /_sandbox/providers/x/…, …/linkedin/…, …/meta/…          the stand-ins
 *   GET  /_sandbox/providers/media/{id}                       an uploaded image or video
 *   GET  /_sandbox/api/posts[?platform=…]                     { posts }, newest first
 *   GET  /_sandbox/api/providers/{platform}/grants            { grants }: who connected, with what
 *   POST the same  { accounts: [{ id, username, name }], scopes }  → 201 { grants: [{ accountId,
 *                  accessToken, refreshToken?, expiresIn, scopes }] }: X or LinkedIn accounts
 *                  connected as if each had consented (load simulations), up to 2,000 a request
 *   GET  /_sandbox/api/providers/linkedin/analytics-requests  { requests }: post statistics asked
 *   POST /_sandbox/api/providers/{platform}/next-failure      { kind } (failures.ts)
 *   DELETE the same                                           clears it
 *   POST /_sandbox/failures/{platform}                        the page's buttons (form post)
 *
 * State is kept in the data folder (provider-store.ts) when given one.
 */

export interface SocialProvidersOptions {
  /** Where grants, tokens, media and posts persist; in memory without one (tests). */
  dataDir?: string;
  /** The OAuth client each stand-in accepts; defaults to the sandbox's own. */
  clients?: Partial<Record<ConnectablePlatform, StandInClient>>;
  /**
   * How long the providers take to answer a request that writes (a post, an upload), as
   * milliseconds or a range `low-high` (`SANDBOX_PROVIDER_DELAY_MS`): the load simulation's
   * realistic providers. None by default.
   */
  answerDelayMs?: string;
}

/** A time to answer drawn from `low-high` (or exactly `n`), in milliseconds. */
export const answerDelayOf = (setting: string | undefined): (() => number) => {
  const [low = 0, high = low] = (setting ?? '').split('-').map(Number);
  if (!(low >= 0 && high >= low))
    throw new Error(`A delay must read like 300-1200, not ${setting}`);
  return () => low + Math.random() * (high - low);
};

/** A post as `GET /_sandbox/api/posts` lists it. */
export interface ListedPost extends PanelPost {
  accountId: string;
}

export interface SocialProviders extends Service {
  routes: Route[];
  /** The Posts section of `/_sandbox`. */
  panel: InboxPanel;
  failures: Failures;
}

/** A platform by the app's id or by its own name in lower case (`x` is X; the app says `twitter`). */
const platformNamed = (name: string | undefined): ConnectablePlatform | undefined =>
  CONNECTABLE_PLATFORMS.find(
    (platform) => platform === name || PLATFORMS[platform].shortName.toLowerCase() === name,
  );

const listed = (origin: string, post: StandInPost): ListedPost => ({
  platform: post.platform,
  accountId: post.accountId,
  handle: post.handle,
  text: post.text,
  media: post.media.map(({ mediaId, contentType, altText }) => ({
    url: `${origin}/_sandbox/providers/media/${encodeURIComponent(mediaId)}`,
    contentType,
    ...(altText ? { altText } : {}),
  })),
  postId: post.postId,
  url: post.url,
  postedAt: post.postedAt,
});

/** A round avatar with the account's initials, for `profile_image_url` and `picture`. */
const avatarSvg = (name: string): string => {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => [...word][0]?.toUpperCase() ?? '')
      .join('') || '?';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="#4f46e5"/><text x="48" y="58" font-family="system-ui,sans-serif" font-size="34" font-weight="600" fill="#fff" text-anchor="middle">${escapeHtml(
    initials,
  )}</text></svg>`;
};

export const startSocialProviders = async (
  options: SocialProvidersOptions = {},
): Promise<SocialProviders> => {
  const store = await createProviderStore(options.dataDir);
  const failures = createFailures();
  const clients = { ...STAND_IN_CLIENTS, ...options.clients };
  const x = createXStandIn({ store, failures, client: clients.twitter });
  const linkedIn = createLinkedInStandIn({ store, failures, client: clients.linkedin });
  const meta = createMetaStandIn({ store, failures, client: clients.facebook });

  const answerDelay = answerDelayOf(options.answerDelayMs);
  const standIn = (prefix: string, handle: typeof x.handle): Route => ({
    prefix,
    name: 'the social stand-ins',
    handle: async (request, response) => {
      if (request.method !== 'GET') {
        const delay = answerDelay();
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      }
      return handle(request, response, pathBelow(request, prefix));
    },
  });

  const media = async (request: IncomingMessage, response: ServerResponse) => {
    const id = decodeURIComponent(pathBelow(request, '/_sandbox/providers/media').slice(1));
    const stored = Object.hasOwn(store.data.media, id) ? store.data.media[id] : undefined;
    const bytes = stored && (await store.readMedia(id));
    if (!stored || !bytes) return sendJson(response, 404, { message: 'No such media.' });
    response.writeHead(200, {
      'content-type': stored.contentType,
      'content-length': bytes.length,
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  };

  const avatar = async (request: IncomingMessage, response: ServerResponse) => {
    const file = decodeURIComponent(pathBelow(request, '/_sandbox/providers/avatars').slice(1));
    sendText(response, 200, 'image/svg+xml', avatarSvg(file.replace(/\.svg$/, '')), {
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  };

  const posts = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET') return sendJson(response, 405, { message: 'Method Not Allowed' });
    const filter = new URL(request.url ?? '/', 'http://sandbox.local').searchParams.get('platform');
    const platform = filter ? platformNamed(filter) : undefined;
    if (filter && !platform) {
      return sendJson(response, 400, {
        message: 'platform must be "twitter", "linkedin", "facebook" or "instagram"',
      });
    }
    const origin = originOf(request);
    sendJson(response, 200, {
      posts: store.data.posts
        .filter((post) => !platform || post.platform === platform)
        .map((post) => listed(origin, post)),
    });
  };

  const directGrants = z.object({
    accounts: z
      .array(
        z.object({
          id: z.string().min(1).max(128),
          username: z.string().min(1).max(128),
          name: z.string().max(256),
        }),
      )
      .min(1)
      .max(2_000),
    scopes: z.array(z.string().min(1).max(64)).max(20),
  });
  const oauthOf = { twitter: x.oauth, linkedin: linkedIn.oauth } as const;

  const grantDirectly = async (
    platform: ConnectablePlatform,
    request: IncomingMessage,
    response: ServerResponse,
  ) => {
    if (platform !== 'twitter' && platform !== 'linkedin') {
      return sendJson(response, 400, { message: 'Direct grants are for X and LinkedIn.' });
    }
    const body = directGrants.safeParse(await readJson(request));
    if (!body.success) return sendJson(response, 400, { message: z.prettifyError(body.error) });
    const { accounts, scopes } = body.data;
    const issued = await oauthOf[platform].grantDirectly(
      accounts.map((account) => ({ clientId: clients[platform].clientId, account, scopes })),
    );
    sendJson(response, 201, {
      grants: issued.map((tokens, index) => ({ accountId: accounts[index]!.id, ...tokens })),
    });
  };

  const nextFailureApi = async (request: IncomingMessage, response: ServerResponse) => {
    const [name, action, ...rest] = pathBelow(request, '/_sandbox/api/providers')
      .split('/')
      .filter(Boolean);
    const platform = platformNamed(name);
    if (platform && action === 'grants' && !rest.length && request.method === 'POST') {
      return grantDirectly(platform, request, response);
    }
    if (platform && action === 'grants' && !rest.length && request.method === 'GET') {
      // Who connected, and whether the grant still stands (scripts and tests check revocations).
      return sendJson(response, 200, {
        grants: Object.values(store.data.grants)
          .filter((grant) => grant.platform === platform)
          .map(({ grantId, account, scopes, revoked, createdAt }) => ({
            grantId,
            account,
            scopes,
            revoked,
            createdAt,
          })),
      });
    }
    if (
      platform === 'linkedin' &&
      action === 'analytics-requests' &&
      !rest.length &&
      request.method === 'GET'
    ) {
      // Every request for a post's statistics, refused ones too (tests check none was made).
      return sendJson(response, 200, { requests: linkedIn.analyticsRequests() });
    }
    if (!platform || action !== 'next-failure' || rest.length) {
      return sendJson(response, 404, {
        message:
          'Use /_sandbox/api/providers/{twitter|linkedin|facebook|instagram}/next-failure or …/{platform}/grants',
      });
    }
    if (request.method === 'DELETE') failures.set(platform, undefined);
    else if (request.method === 'POST') {
      const kind = ((await readJson(request)) as { kind?: unknown } | undefined)?.kind;
      if (!isFailureKind(kind)) {
        return sendJson(response, 400, {
          message: `kind must be one of ${FAILURE_KINDS.map((kind) => `"${kind}"`).join(', ')}`,
        });
      }
      failures.set(platform, kind);
    } else if (request.method !== 'GET') {
      return sendJson(response, 405, { message: 'Method Not Allowed' });
    }
    sendJson(response, 200, { platform, nextFailure: failures.next(platform) ?? null });
  };

  /** The page's buttons: set (or clear) a failure, then back to the Posts section. */
  const failureForm = async (request: IncomingMessage, response: ServerResponse) => {
    const platform = platformNamed(pathBelow(request, '/_sandbox/failures').slice(1));
    if (request.method !== 'POST' || !platform)
      return sendJson(response, 404, { message: 'Not found' });
    const form = new URLSearchParams(await readBody(request));
    const kind = form.get('kind');
    failures.set(platform, isFailureKind(kind) ? kind : undefined);
    const returnTo = form.get('returnTo') ?? '/_sandbox';
    redirect(response, `${/^\/_sandbox(\?[^#]*)?$/.test(returnTo) ? returnTo : '/_sandbox'}#posts`);
  };

  return {
    routes: [
      standIn(STAND_IN_PATHS.twitter, x.handle),
      standIn(STAND_IN_PATHS.linkedin, linkedIn.handle),
      // Facebook and Instagram: one Meta app, one Graph API.
      standIn(STAND_IN_PATHS.facebook, meta.handle),
      { prefix: '/_sandbox/providers/media', name: 'the social stand-ins', handle: media },
      { prefix: '/_sandbox/providers/avatars', name: 'the social stand-ins', handle: avatar },
      { prefix: '/_sandbox/api/posts', name: 'the social stand-ins', handle: posts },
      { prefix: '/_sandbox/api/providers', name: 'the social stand-ins', handle: nextFailureApi },
      { prefix: '/_sandbox/failures', name: 'the social stand-ins', handle: failureForm },
    ],
    // The page's images are on the same origin, so relative URLs do.
    panel: async ({ returnTo }) =>
      postsPanel({
        posts: store.data.posts.map((post) => listed('', post)),
        nextFailures: Object.fromEntries(
          CONNECTABLE_PLATFORMS.map((platform) => [platform, failures.next(platform)]),
        ),
        returnTo,
      }),
    failures,
    stop: async () => {
      failures.stop();
      await store.save();
    },
  };
};
