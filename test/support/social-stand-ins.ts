import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectablePlatform } from '#shared/domain/tiers';
import { createPkcePair } from '#functions/integrations/social/pkce';
import type { SocialClient, TokenGrant } from '#functions/integrations/social/social-client';
import { routeRequests } from '#infra/sandbox/router';
import {
  startSocialProviders,
  type SocialProviders,
  type SocialProvidersOptions,
} from '#infra/sandbox/providers/social-providers';

/**
 * The sandbox's stand-ins for X and LinkedIn on an ephemeral port, as the HTTP fake the real
 * clients run against in tests. Every request's method, path and headers are recorded.
 */

export interface ReceivedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface SocialStandIns {
  origin: string;
  providers: SocialProviders;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export const startSocialStandIns = async (
  options: SocialProvidersOptions = {},
): Promise<SocialStandIns> => {
  const providers = await startSocialProviders(options);
  const route = routeRequests(providers.routes);
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
    });
    route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    providers,
    received,
    close: async () => {
      await providers.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};

/** The redirect the consent page answers with `decision` added, as the browser would follow it. */
export const consentRedirect = async (
  authorizationUrl: string,
  decision: { decision: 'allow'; account: string } | { decision: 'deny' },
): Promise<URL> => {
  const url = new URL(authorizationUrl);
  for (const [name, value] of Object.entries(decision)) url.searchParams.set(name, value);
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`The consent page answered ${response.status}: ${await response.text()}`);
  }
  return new URL(location);
};

export const REDIRECT_URI = 'http://localhost:3000/api/platforms/callback';

/** Connects `account` through the consent page and the code exchange, as the app does. */
export const connect = async (
  client: SocialClient,
  account: string,
): Promise<TokenGrant & { codeVerifier: string }> => {
  const { codeVerifier, codeChallenge } = createPkcePair();
  const redirect = await consentRedirect(
    client.authorizationUrl({ state: 'state-1', redirectUri: REDIRECT_URI, codeChallenge }),
    { decision: 'allow', account },
  );
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`No code in ${redirect.toString()}`);
  const grant = await client.exchangeCode({ code, redirectUri: REDIRECT_URI, codeVerifier });
  return { ...grant, codeVerifier };
};

/** Sets the next failure of one stand-in through its JSON API. */
export const injectFailure = async (
  origin: string,
  platform: ConnectablePlatform,
  kind: '429' | '500' | 'timeout' | 'revoke',
): Promise<void> => {
  const response = await fetch(`${origin}/_sandbox/api/providers/${platform}/next-failure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind }),
  });
  if (!response.ok) throw new Error(`next-failure answered ${response.status}`);
};

/** A 1×1 PNG (a real image, so the page can show it). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
