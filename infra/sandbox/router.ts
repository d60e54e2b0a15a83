import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendPlain } from './responses';
import type { Route } from './service';

const isUnder = (path: string, prefix: string) =>
  prefix === '/' || path === prefix || path.startsWith(`${prefix}/`);

/** One origin for every service: each request goes to the route with the longest matching prefix. */
export const routeRequests = (routes: readonly Route[]) => {
  const byLength = [...routes].sort((a, b) => b.prefix.length - a.prefix.length);
  return (request: IncomingMessage, response: ServerResponse): void => {
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
