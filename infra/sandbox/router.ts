import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendPlain } from './responses';
import type { Route } from './service';

const isUnder = (path: string, prefix: string) =>
  prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);

/** The names that always mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Interfaces that mean "every address of this machine" rather than one name. */
const ALL_INTERFACES = new Set(['0.0.0.0', '::', '[::]']);

/** The host name of a Host header (`localhost:3000` → `localhost`, `[::1]:3000` → `[::1]`). */
const hostNameOf = (hostHeader: string): string | undefined => {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
};

/**
 * Which Host headers the sandbox answers: DNS rebinding (a web page whose own name suddenly
 * resolves to 127.0.0.1) reaches the sandbox with that page's name in Host, so only names that
 * cannot be rebound are served — the loopback names, the interface the sandbox listens on, and,
 * when it listens on every interface (SANDBOX_HOST=0.0.0.0, to try it from a phone), any IP
 * literal, which a browser only sends when it connected to that address itself.
 */
export const localHostCheck = (
  listenHost: string,
): ((hostHeader: string | undefined) => boolean) => {
  const anyAddress = ALL_INTERFACES.has(listenHost);
  const own = anyAddress
    ? undefined
    : hostNameOf(isIP(listenHost) === 6 ? `[${listenHost}]` : listenHost);
  return (hostHeader) => {
    const name = hostHeader === undefined ? undefined : hostNameOf(hostHeader);
    if (!name) return false;
    if (LOOPBACK_NAMES.has(name) || name === own) return true;
    return anyAddress && isIP(name.replace(/^\[|\]$/g, '')) !== 0;
  };
};

export interface RouterOptions {
  /** Host headers to answer; any other gets 403 before it reaches a service. */
  allowHost?: (hostHeader: string | undefined) => boolean;
}

/** One origin for every service: each request goes to the route with the longest matching prefix. */
export const routeRequests = (routes: readonly Route[], options: RouterOptions = {}) => {
  const byLength = [...routes].sort((a, b) => b.prefix.length - a.prefix.length);
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (options.allowHost && !options.allowHost(request.headers.host)) {
      sendPlain(
        response,
        403,
        'Blocked: the sandbox answers only requests addressed to localhost, 127.0.0.1, [::1] or the host it listens on (SANDBOX_HOST).',
      );
      return;
    }
    const path = (request.url ?? '/').split('?')[0]!;
    const route = byLength.find((candidate) => isUnder(path, candidate.prefix));
    if (!route) {
      sendPlain(response, 404, 'Not Found');
      return;
    }
    route.handle(request, response).catch((error: unknown) => {
      console.error(`[sandbox] ${route.name} failed:`, error);
      if (!response.headersSent) sendPlain(response, 500, 'Internal Server Error');
      else response.destroy();
    });
  };
};
