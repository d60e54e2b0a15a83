import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import { join } from 'node:path';
import {
  contentSecurityPolicy,
  readBuiltScriptHashes,
} from '../../web/build/content-security-policy';
import { securityHeaders } from '../../web/build/security-headers';
import { withCompression } from './compress';
import { repoRoot } from './lock';
import { sendPlain } from './responses';
import type { RequestHandler, Service } from './service';
import { SandboxError } from './sandbox-error';
import { createStaticHandler } from './static-files';

/** The web app: Vite in middleware mode (hot reload), the built bundle in web/dist, or nothing. */
export type SpaMode = 'vite' | 'dist' | 'none';

export const distDir = join(repoRoot, 'web', 'dist');

/** Checked before anything starts, so a missing build fails at once. */
export const checkSpa = (mode: SpaMode): void => {
  if (mode === 'dist' && !existsSync(join(distDir, 'index.html'))) {
    throw new SandboxError(
      'There is no built app in web/dist: run npm run build:web first (or start without --spa=dist).',
    );
  }
};

/**
 * Vite writes this into every tag it injects (`html.cspNonce`): its inline preamble (React
 * refresh) and the `csp-nonce` meta its client reads. Each HTML answer gets a fresh nonce in its
 * place, as long as the placeholder, so Content-Length stays right.
 */
const NONCE_PLACEHOLDER = 'sailpostCspNonce00000000';
const freshNonce = () => randomBytes(18).toString('base64');

/**
 * Every answer of the web app carries the security headers CloudFront adds, with its policy; no
 * Strict-Transport-Security, the sandbox being http (a browser ignores it there).
 */
const setSecurityHeaders = (response: ServerResponse, contentSecurityPolicy: string) => {
  for (const [name, value] of Object.entries(
    securityHeaders({ contentSecurityPolicy, https: false }),
  )) {
    response.setHeader(name, value);
  }
};

/**
 * The built app: the same policy CloudFront sends, with the build's inline-script hashes. Uploads
 * go from the browser straight to the S3 emulator, as they go to the media bucket in AWS.
 */
const withBuiltPolicy = (
  handle: RequestHandler,
  uploadOrigin: Promise<string>,
  builtDir: string,
  googleAnalytics: boolean,
): RequestHandler => {
  const policy = uploadOrigin.then((origin) =>
    contentSecurityPolicy({
      scriptSources: readBuiltScriptHashes(builtDir),
      connectSources: [origin],
      googleAnalytics,
    }),
  );
  return async (request, response) => {
    setSecurityHeaders(response, await policy);
    return handle(request, response);
  };
};

/** Replaces the placeholder in whatever Vite writes (only its HTML carries it). */
const insertNonce = (response: ServerResponse, nonce: string) => {
  const replace = (chunk: unknown): unknown => {
    if (typeof chunk === 'string') return chunk.replaceAll(NONCE_PLACEHOLDER, nonce);
    if (Buffer.isBuffer(chunk) && chunk.includes(NONCE_PLACEHOLDER)) {
      return Buffer.from(chunk.toString('utf8').replaceAll(NONCE_PLACEHOLDER, nonce), 'utf8');
    }
    return chunk;
  };
  const { write, end } = response;
  response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    return (write as (...args: unknown[]) => boolean).call(this, replace(chunk), ...rest);
  } as typeof response.write;
  response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
    return (end as (...args: unknown[]) => ServerResponse).call(this, replace(chunk), ...rest);
  } as typeof response.end;
};

/**
 * The dev server's policy: as the built app's, with a per-answer nonce for Vite's inline preamble
 * instead of hashes, and its hot-reload WebSocket.
 */
const withDevPolicy =
  (
    handle: RequestHandler,
    uploadOrigin: Promise<string>,
    googleAnalytics: boolean,
  ): RequestHandler =>
  async (request, response) => {
    const nonce = freshNonce();
    // Vite tags its HTML with an ETag of the text holding the placeholder: a 304 would leave the
    // browser with an old nonce under a new policy. HTML is always sent afresh.
    if (request.headers.accept?.includes('text/html')) delete request.headers['if-none-match'];
    setSecurityHeaders(
      response,
      contentSecurityPolicy({
        scriptSources: [`'nonce-${nonce}'`],
        connectSources: ['ws:', 'wss:', await uploadOrigin],
        googleAnalytics,
      }),
    );
    insertNonce(response, nonce);
    return handle(request, response);
  };

export const startSpa = async (options: {
  mode: SpaMode;
  /** Vite's hot reload rides on the sandbox's own server. */
  server: Server;
  /** The S3 emulator's origin, where the browser uploads media (known once it has started). */
  uploadOrigin: Promise<string>;
  log: boolean;
  /** The built app to serve in `dist` mode (web/dist unless a test brings its own). */
  builtDir?: string;
  /**
   * A real GA4 measurement id is set (in `.env`): Google's hosts are allowed as in AWS. The
   * sandbox's own stand-in is on this origin and needs none.
   */
  googleAnalytics?: boolean;
}): Promise<Service> => {
  const googleAnalytics = options.googleAnalytics ?? false;
  if (options.mode === 'none') return { stop: () => undefined };
  if (options.mode === 'dist') {
    const builtDir = options.builtDir ?? distDir;
    // Served the way CloudFront serves it: compressed, hashed assets cached for a year.
    const handle = withBuiltPolicy(
      withCompression(createStaticHandler(builtDir)),
      options.uploadOrigin,
      builtDir,
      googleAnalytics,
    );
    return { routes: [{ prefix: '/', name: 'the static files', handle }], stop: () => undefined };
  }
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    configFile: join(repoRoot, 'vite.config.ts'),
    root: join(repoRoot, 'web'),
    server: { middlewareMode: true, hmr: { server: options.server } },
    appType: 'spa',
    html: { cspNonce: NONCE_PLACEHOLDER },
    clearScreen: false,
    logLevel: options.log ? 'info' : 'warn',
  });
  return {
    routes: [
      {
        prefix: '/',
        name: 'Vite',
        handle: withDevPolicy(
          async (request, response) =>
            vite.middlewares(request, response, () => sendPlain(response, 404, 'Not Found')),
          options.uploadOrigin,
          googleAnalytics,
        ),
      },
    ],
    stop: () => vite.close(),
  };
};
