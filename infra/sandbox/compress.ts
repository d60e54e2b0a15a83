import compression from 'compression';
import type { RequestHandler } from './service';

/**
 * Compresses what a handler answers the way CloudFront does for the web app: brotli or gzip as the
 * browser accepts (brotli preferred), only for types worth it (html, js, css, json, svg, … — not
 * images, fonts or video, which are compressed already), from 1,000 bytes up, with
 * `vary: accept-encoding`.
 */
const middleware = compression({ threshold: 1000 });

type Middleware = (request: unknown, response: unknown, next: (error?: unknown) => void) => void;

export const withCompression =
  (handle: RequestHandler): RequestHandler =>
  (request, response) =>
    new Promise<void>((resolve, reject) => {
      // The middleware is written for Express, but only uses what node:http's objects have.
      (middleware as unknown as Middleware)(request, response, (error) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else handle(request, response).then(resolve, reject);
      });
    });
