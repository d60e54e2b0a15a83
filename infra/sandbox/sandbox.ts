import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';
import type { ViteDevServer } from 'vite';
import { resetConfigForTests } from '#functions/core/config';
import { API_PREFIX } from '#shared/contract/route';
import { checkJava, ensureTable, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { createGateway, type LoadHandler } from './gateway';
import { createInbox } from './inbox';
import {
  defaultDataDir,
  isDynamoDbLocal,
  liveLock,
  readLock,
  removeLock,
  repoRoot,
  writeLock,
} from './lock';
import { SandboxError } from './sandbox-error';
import { createStaticHandler } from './static-files';

/**
 * The whole product on one machine and one origin: DynamoDB Local, an S3 emulator, the API
 * gateway running the real handlers in this process, the dev inbox and the SPA.
 *
 * ONE SANDBOX PER PROCESS. Handlers run in this process and read their configuration from
 * `process.env` once (config, the DynamoDB client and entities are module-level singletons), so a
 * second sandbox in the same process would talk to the first one's DynamoDB. `startSandbox`
 * refuses a second start; run another sandbox in another process.
 */

export type SpaMode = 'vite' | 'dist' | 'none';

export interface SandboxOptions {
  /** 0 picks a free port. Defaults to $PORT, else 3000. */
  port?: number;
  /** Defaults to `<repo>/.sandbox`: DynamoDB data, media and the JWT secret persist there. */
  dataDir?: string;
  /** Vite in middleware mode (default), the built bundle in web/dist, or nothing (404). */
  spa?: SpaMode;
  /** One line per API request. */
  log?: boolean;
  /** Interface to listen on; defaults to $SANDBOX_HOST, else 127.0.0.1 (not reachable from the network). */
  host?: string;
  /** Load `<repo>/.env` into process.env first (default true; tests pass false to stay hermetic). */
  loadDotEnv?: boolean;
  /** For tests of the gateway: how a group's handler is loaded. */
  loadHandler?: LoadHandler;
}

export interface Sandbox {
  /** The app's origin, e.g. `http://localhost:3000`. */
  url: string;
  port: number;
  /** The S3 emulator's origin (presigned URLs point here). */
  s3Endpoint: string;
  dynamoDbEndpoint: string;
  dataDir: string;
  /** The variables this sandbox set in process.env for the handlers. */
  env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export const TABLE_NAME = 'sailpost-sandbox';
export const MEDIA_BUCKET = 'sailpost-media';
/** s3rver's built-in account; the sandbox also registers whatever key id the handlers sign with. */
const S3_DUMMY_KEY = 'S3RVER';

let used = false;

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(
        error.code === 'EADDRINUSE'
          ? new SandboxError(
              `Port ${port} is already in use (another sandbox or dev server?). Stop it, or choose another port: PORT=${port + 1} npm start`,
            )
          : error,
      );
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePort((server.address() as AddressInfo).port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });

const freePort = (host: string): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });

/** Generated once per data directory (64 random bytes, hex, mode 0600) and reused afterwards. */
export const loadJwtSecret = async (dataDir: string): Promise<string> => {
  const path = join(dataDir, 'jwt-secret');
  try {
    const secret = (await readFile(path, 'utf8')).trim();
    if (/^[0-9a-f]{64,}$/.test(secret)) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(64).toString('hex');
  await writeFile(path, `${secret}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
  return secret;
};

const corsConfiguration = (origins: readonly string[]): string => `<CORSConfiguration>
  <CORSRule>
${origins.map((origin) => `    <AllowedOrigin>${origin}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const sendPlain = (response: ServerResponse, statusCode: number, text: string): void => {
  response.writeHead(statusCode, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(text);
};

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** A DynamoDB Local left behind by a sandbox that was killed hard (its lock is stale). */
const killOrphanedDynamoDb = async (dataDir: string): Promise<void> => {
  const stale = readLock(dataDir);
  if (!stale?.dynamoDbPid || !isDynamoDbLocal(stale.dynamoDbPid)) return;
  process.kill(stale.dynamoDbPid, 'SIGKILL');
  for (let attempt = 0; attempt < 50 && isDynamoDbLocal(stale.dynamoDbPid); attempt += 1) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
};

export const startSandbox = async (options: SandboxOptions = {}): Promise<Sandbox> => {
  if (used) {
    throw new SandboxError(
      'A sandbox was already started in this process; handlers share process.env and module state, so run another sandbox in another process.',
    );
  }
  // Real credentials in .env win over every default set below (PORT included).
  const dotEnv = join(repoRoot, '.env');
  if ((options.loadDotEnv ?? true) && existsSync(dotEnv)) process.loadEnvFile(dotEnv);

  const dataDir = resolve(options.dataDir ?? defaultDataDir);
  const spa = options.spa ?? 'vite';
  const requestedPort = options.port ?? (process.env.PORT ? Number(process.env.PORT) : 3000);
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new SandboxError(
      `PORT must be a port number (0-65535), not "${process.env.PORT ?? requestedPort}".`,
    );
  }
  const host = options.host ?? process.env.SANDBOX_HOST ?? '127.0.0.1';
  const distDir = join(repoRoot, 'web', 'dist');
  if (spa === 'dist' && !existsSync(join(distDir, 'index.html'))) {
    throw new SandboxError(
      'There is no built app in web/dist: run npm run build:web first (or start without --spa=dist).',
    );
  }

  await mkdir(dataDir, { recursive: true });
  const other = liveLock(dataDir);
  if (other) {
    throw new SandboxError(
      `Another sandbox is already running on ${dataDir} (pid ${other.pid}${other.url ? `, ${other.url}` : ''}). Stop it first (Ctrl-C in its terminal).`,
    );
  }
  await killOrphanedDynamoDb(dataDir);
  writeLock(dataDir, { pid: process.pid, startedAt: new Date().toISOString() });

  // Undone in reverse order when start-up fails half-way, and by stop().
  const cleanups: (() => Promise<void> | void)[] = [() => removeLock(dataDir)];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('[sandbox] clean-up step failed:', error);
      }
    }
  };

  const unavailable = (_request: IncomingMessage, response: ServerResponse) =>
    sendPlain(response, 503, 'The Sailpost sandbox is not running (starting or stopping).');
  let handleRequest: (request: IncomingMessage, response: ServerResponse) => void = unavailable;
  const server = createServer((request, response) => handleRequest(request, response));

  try {
    // Java is checked before anything else can fail, but DynamoDB Local (the slow part) is
    // spawned alongside the check; without a usable Java it exits at once and is discarded.
    const javaCheck = checkJava();
    javaCheck.catch(() => undefined);
    const dbPath = join(dataDir, 'dynamodb');
    const dynamoStart = freePort('127.0.0.1').then(async (dynamoPort) => {
      try {
        return await startDynamoDbLocal({ dbPath, port: dynamoPort, pollAfter: javaCheck });
      } catch (error) {
        // The free port can be taken in between: one retry on another one.
        if (!(error instanceof SandboxError) || !/exited during start-up/.test(error.message))
          throw error;
        return startDynamoDbLocal({ dbPath, port: await freePort('127.0.0.1') });
      }
    });
    dynamoStart.then(
      (started) => cleanups.push(() => started.stop()),
      () => undefined,
    );

    const [java, listening, secret] = await Promise.allSettled([
      javaCheck,
      listen(server, requestedPort, host),
      loadJwtSecret(dataDir),
    ]);
    if (listening.status === 'fulfilled') {
      cleanups.push(
        () =>
          new Promise<void>((resolveClose) => {
            server.close(() => resolveClose());
            server.closeAllConnections();
          }),
      );
    }
    for (const step of [java, listening, secret]) {
      if (step.status === 'rejected') {
        await dynamoStart.catch(() => undefined);
        throw step.reason;
      }
    }
    const port = (listening as PromiseFulfilledResult<number>).value;
    const url = `http://localhost:${port}`;
    const origins = [url, `http://127.0.0.1:${port}`];

    const startS3 = async () => {
      const s3 = new S3rver({
        address: host,
        port: 0,
        silent: true,
        directory: join(dataDir, 's3'),
        configureBuckets: [{ name: MEDIA_BUCKET, configs: [corsConfiguration(origins)] }],
      });
      const address = await s3.run();
      cleanups.push(() => s3.close());
      // The browser uploads here too, so the same host name as the app.
      const s3Host = ['127.0.0.1', '0.0.0.0', '::', 'localhost'].includes(host)
        ? 'localhost'
        : host;
      return `http://${s3Host}:${address.port}`;
    };

    const startVite = async (): Promise<ViteDevServer | undefined> => {
      if (spa !== 'vite') return undefined;
      const { createServer: createViteServer } = await import('vite');
      const vite = await createViteServer({
        configFile: join(repoRoot, 'vite.config.ts'),
        root: join(repoRoot, 'web'),
        server: { middlewareMode: true, hmr: { server } },
        appType: 'spa',
        clearScreen: false,
        logLevel: options.log ? 'info' : 'warn',
      });
      cleanups.push(() => vite.close());
      return vite;
    };

    // Settle all three before judging, so a failure never leaves one of them running untracked.
    const [dynamoStep, s3Step, viteStep] = await Promise.allSettled([
      dynamoStart.then(async (started) => {
        const warning = await ensureTable(started.endpoint, TABLE_NAME);
        if (warning) console.warn(`[sandbox] ${warning}`);
        return started;
      }),
      startS3(),
      startVite(),
    ]);
    for (const step of [dynamoStep, s3Step, viteStep]) {
      if (step.status === 'rejected') throw step.reason;
    }
    const dynamo = (dynamoStep as PromiseFulfilledResult<DynamoDbLocal>).value;
    const s3Endpoint = (s3Step as PromiseFulfilledResult<string>).value;
    const vite = (viteStep as PromiseFulfilledResult<ViteDevServer | undefined>).value;

    // A hard exit (an uncaught error, process.exit) must not leave java running.
    const killDynamoOnExit = () => {
      const child = dynamo.process;
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
        child.kill('SIGKILL');
      removeLock(dataDir);
    };
    process.on('exit', killDynamoOnExit);
    cleanups.push(() => {
      process.off('exit', killDynamoOnExit);
    });
    let stopping = false;
    dynamo.process.once('exit', (code, signal) => {
      // SIGINT reaches java straight from the terminal on Ctrl-C: that is a normal stop.
      if (!stopping && signal !== 'SIGINT' && code !== 130) {
        console.error(
          `[sandbox] DynamoDB Local stopped unexpectedly (${signal ?? `exit code ${code}`}); API calls will fail until the sandbox is restarted.`,
        );
      }
    });

    // The handlers' environment. Sandbox wiring always wins; credentials only when not set.
    const env: Record<string, string> = {
      STAGE: 'sandbox',
      SANDBOX: 'true',
      TABLE_NAME,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      JWT_SECRET: (secret as PromiseFulfilledResult<string>).value,
      APP_URL: url,
      MEDIA_BUCKET,
      S3_ENDPOINT: s3Endpoint,
    };
    if (!process.env.AWS_REGION) env.AWS_REGION = 'us-east-1';
    if (!process.env.AWS_ACCESS_KEY_ID) {
      env.AWS_ACCESS_KEY_ID = S3_DUMMY_KEY;
      env.AWS_SECRET_ACCESS_KEY = S3_DUMMY_KEY;
    }
    const previous = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    used = true;
    resetConfigForTests();
    cleanups.push(() => {
      for (const [name, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    // s3rver only accepts signatures from access keys it knows (it does not check SigV4 itself).
    for (const keyId of new Set([
      S3_DUMMY_KEY,
      'local',
      process.env.AWS_ACCESS_KEY_ID ?? S3_DUMMY_KEY,
    ])) {
      if (!s3rverAccounts.registry.has(keyId))
        s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(keyId, keyId);
    }

    const gateway = createGateway({
      log: options.log ?? false,
      ...(options.loadHandler ? { loadHandler: options.loadHandler } : {}),
    });
    const inbox = createInbox();
    const serveDist = spa === 'dist' ? createStaticHandler(distDir) : undefined;
    handleRequest = (request, response) => {
      const path = (request.url ?? '/').split('?')[0]!;
      const onError = (where: string) => (error: unknown) => {
        console.error(`[sandbox] ${where} failed:`, error);
        if (!response.headersSent) sendPlain(response, 500, 'Internal Server Error');
        else response.destroy();
      };
      if (isUnder(path, API_PREFIX)) {
        gateway.handle(request, response).catch(onError('the gateway'));
      } else if (isUnder(path, '/_sandbox')) {
        inbox.handle(request, response).catch(onError('the dev inbox'));
      } else if (vite) {
        vite.middlewares(request, response, () => sendPlain(response, 404, 'Not Found'));
      } else if (serveDist) {
        serveDist(request, response).catch(onError('the static files'));
      } else {
        sendPlain(response, 404, 'Not Found');
      }
    };

    writeLock(dataDir, {
      pid: process.pid,
      url,
      startedAt: new Date().toISOString(),
      dynamoDbPid: dynamo.process.pid,
    });

    let stopped: Promise<void> | undefined;
    return {
      url,
      port,
      s3Endpoint,
      dynamoDbEndpoint: dynamo.endpoint,
      dataDir,
      env,
      stop: () => {
        stopping = true;
        handleRequest = unavailable;
        stopped ??= cleanUp();
        return stopped;
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
};
