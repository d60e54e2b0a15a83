import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/**
 * Serves the built SPA (web/dist) the way CloudFront does: files as they are, hashed assets
 * cached for a year, and index.html for every other path so client-side routes load.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

export const contentTypeOf = (path: string): string =>
  CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

const fileStats = async (path: string): Promise<Stats | undefined> => {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
};

export type StaticHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export const createStaticHandler = (root: string): StaticHandler => {
  const rootDir = resolve(root);
  const indexPath = join(rootDir, 'index.html');

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    stats: Stats,
    cacheControl: string,
  ) => {
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers = {
      'content-type': contentTypeOf(path),
      'cache-control': cacheControl,
      'last-modified': stats.mtime.toUTCString(),
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (request.headers['if-none-match'] === etag) {
      // Without a type: nothing to compress, so no content-encoding on an empty answer.
      const { 'content-type': _type, ...notModified } = headers;
      response.writeHead(304, notModified);
      response.end();
      return;
    }
    response.writeHead(200, { ...headers, 'content-length': stats.size });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(path)
      .on('error', () => response.destroy())
      .pipe(response);
  };

  return async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method Not Allowed');
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://sandbox.local').pathname);
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Bad Request');
      return;
    }
    const filePath = resolve(rootDir, `.${pathname}`);
    // Never outside web/dist (../ and encoded variants resolve above the root).
    const inside = filePath === rootDir || filePath.startsWith(rootDir + sep);
    const stats = inside && !pathname.includes('\0') ? await fileStats(filePath) : undefined;
    if (stats) {
      const immutable = pathname.startsWith('/assets/');
      send(
        request,
        response,
        filePath,
        stats,
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      return;
    }
    // A missing file with an extension (a stale asset, a typo) is a real 404; anything else is a
    // client-side route and gets the app.
    const index = await fileStats(indexPath);
    if (extname(pathname) || !index) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not Found');
      return;
    }
    send(request, response, indexPath, index, 'no-cache');
  };
};
