import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { withCompression } from './compress';
import { repoRoot } from './lock';
import { sendPlain } from './responses';
import type { Service } from './service';
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

export const startSpa = async (options: {
  mode: SpaMode;
  /** Vite's hot reload rides on the sandbox's own server. */
  server: Server;
  log: boolean;
}): Promise<Service> => {
  if (options.mode === 'none') return { stop: () => undefined };
  if (options.mode === 'dist') {
    // Served the way CloudFront serves it: compressed, hashed assets cached for a year.
    const handle = withCompression(createStaticHandler(distDir));
    return { routes: [{ prefix: '/', name: 'the static files', handle }], stop: () => undefined };
  }
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    configFile: join(repoRoot, 'vite.config.ts'),
    root: join(repoRoot, 'web'),
    server: { middlewareMode: true, hmr: { server: options.server } },
    appType: 'spa',
    clearScreen: false,
    logLevel: options.log ? 'info' : 'warn',
  });
  return {
    routes: [
      {
        prefix: '/',
        name: 'Vite',
        handle: async (request, response) =>
          vite.middlewares(request, response, () => sendPlain(response, 404, 'Not Found')),
      },
    ],
    stop: () => vite.close(),
  };
};
