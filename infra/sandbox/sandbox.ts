import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { ENDPOINT_GROUP_DECLARATIONS } from '#functions/catalogue';
import { sandboxQueueSettings } from './queue-settings';
import { declareFunction } from '#functions/core/bindings';
import { consumedCapacity } from '#functions/core/db/client';
import { withEnvironment, type Environment } from '#functions/core/environment';
import { killOrphanedDynamoDb, startDynamoDb } from './dynamodb';
import { startEvents } from './events';
import {
  functionEnvironment,
  functionEnvironments,
  MEDIA_BUCKET,
  sandboxMeasurementId,
  TABLE_NAME,
  usesRealStripe,
  type SandboxWiring,
} from './function-environment';
import { startAnalyticsStandIn } from './analytics';
import { startGateway, type LoadHandler } from './gateway';
import { sandboxAlarms } from './alarms';
import { sandboxUserRoles } from './user-roles';
import { startInbox } from './inbox';
import { smsPhone } from './sms-phone';
import { startSandboxQueues } from './queues';
import { catalogueJobs, createJobRunner, type JobRegistry } from './job-runner';
import { loadCredentialKey, loadJwtSecret, loadStripeWebhookSecret } from './jwt-secret';
import { defaultDataDir, liveLock, removeLock, repoRoot, writeLock } from './lock';
import { listMorningCompanies } from './morning-companies';
import { assertProjectNode } from './node-version';
import { listen } from './ports';
import { sendJson, sendPlain } from './responses';
import { localHostCheck, routeRequests } from './router';
import { startS3, S3_DUMMY_KEY } from './s3';
import { SandboxError } from './sandbox-error';
import { startGoogleStandIn } from './providers/google-stand-in';
import { startSocialProviders } from './providers/social-providers';
import { startStripeStandIn } from './providers/stripe/stripe-service';
import { ServiceGroup } from './service';
import { checkSpa, startSpa, type SpaMode } from './spa';

/**
 * The whole product on one machine and one origin, one service per file: DynamoDB Local
 * (dynamodb.ts), an S3 emulator (s3.ts), the API gateway running the real handlers in this
 * process (gateway.ts), the events service — scheduler, recurring timers, jobs — (events.ts), the
 * queues of queued jobs (queues.ts), the
 * stand-ins for X, LinkedIn and Stripe (providers/), GA4's (analytics.ts), the alarms (alarms.ts), the dev inbox (inbox.ts) and the SPA (spa.ts). This module starts them side by side, hands each
 * what it needs from the others, and routes requests to them. `npm start` (main.ts) and the tests
 * (test/support/test-sandbox.ts) both start the sandbox here.
 *
 * ONE SANDBOX PER PROCESS. Handlers run in this process and keep module-level singletons (the
 * DynamoDB client, entities), so a second sandbox in the same process would talk to the first
 * one's DynamoDB. `startSandbox` refuses a second start; run another sandbox in another process.
 */

export interface SandboxOptions {
  /** 0 picks a free port. Defaults to $PORT, else 3000. */
  port?: number;
  /** Defaults to `<repo>/.sandbox`: DynamoDB data, media, schedules and the JWT secret persist there. */
  dataDir?: string;
  /** Vite in middleware mode (default), the built bundle in web/dist, or nothing (404). */
  spa?: SpaMode;
  /** One line per API request. */
  log?: boolean;
  /** Interface to listen on; defaults to $SANDBOX_HOST, else 127.0.0.1 (not reachable from the network). */
  host?: string;
  /** Load `<repo>/.env` into process.env first (default true; tests pass false to stay hermetic). */
  loadDotEnv?: boolean;
  /**
   * Settings as if they were in `.env` (FETCH_ALLOW_ORIGINS, OPENAI_BASE_URL, …); each function
   * gets the ones its declaration names. Tests pass theirs here rather than through process.env.
   */
  environment?: Readonly<Record<string, string>>;
  /** Jobs beside those of `JOB_NAMES`, by name (the tests' probe job). */
  extraJobs?: JobRegistry;
  /** For tests of the gateway: how a group's handler is loaded. */
  loadHandler?: LoadHandler;
  /** Browser tests only: see GatewayOptions.viewerAddressFromRequest. */
  viewerAddressFromRequest?: boolean;
}

export interface Sandbox {
  /** The app's origin, e.g. `http://localhost:3000`. */
  url: string;
  port: number;
  /** The S3 emulator's origin (presigned URLs point here). */
  s3Endpoint: string;
  dynamoDbEndpoint: string;
  dataDir: string;
  /** The variables this sandbox set in process.env (put back by stop()). */
  env: Readonly<Record<string, string>>;
  /** The environment each function (endpoint group or job) runs with, by name. */
  environments: Readonly<Record<string, Environment>>;
  /**
   * The signing secret of the webhook events the Stripe stand-in sends (tests sign their own
   * events with it, as Stripe would).
   */
  stripeWebhookSecret: string;
  stop(): Promise<void>;
}

/** What the sandbox's own code (the inbox listing the outbox) touches. */
const SANDBOX_DECLARATION = declareFunction({ bindings: { table: 'read' } });
/** The sandbox's own route that sets an account's role (user-roles.ts) writes the table. */
const ROLES_DECLARATION = declareFunction({ bindings: { table: 'read-write' } });

let used = false;

/** Sets variables in process.env for as long as the sandbox runs; stop() puts the old values back. */
const setProcessEnv = (services: ServiceGroup, variables: Record<string, string>): void => {
  const previous = Object.fromEntries(
    Object.keys(variables).map((name) => [name, process.env[name]]),
  );
  Object.assign(process.env, variables);
  services.onStop(() => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
};

export const startSandbox = async (options: SandboxOptions = {}): Promise<Sandbox> => {
  assertProjectNode();
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
  checkSpa(spa);

  await mkdir(dataDir, { recursive: true });
  const other = liveLock(dataDir);
  if (other) {
    throw new SandboxError(
      `Another sandbox is already running on ${dataDir} (pid ${other.pid}${other.url ? `, ${other.url}` : ''}). Stop it first (Ctrl-C in its terminal).`,
    );
  }
  await killOrphanedDynamoDb(dataDir);
  writeLock(dataDir, { pid: process.pid, startedAt: new Date().toISOString() });

  // Stopped in reverse order when start-up fails half-way, and by stop().
  const services = new ServiceGroup();
  services.onStop(() => removeLock(dataDir));
  const removeLockOnExit = () => removeLock(dataDir);
  process.on('exit', removeLockOnExit);
  services.onStop(() => {
    process.off('exit', removeLockOnExit);
  });

  const unavailable = (_request: IncomingMessage, response: ServerResponse) =>
    sendPlain(response, 503, 'The Sailpost sandbox is not running (starting or stopping).');
  let handleRequest: (request: IncomingMessage, response: ServerResponse) => void = unavailable;
  const server = createServer((request, response) => handleRequest(request, response));

  try {
    const listening = listen(server, requestedPort, host);
    const origins = listening.then(({ port }) => [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
    ]);
    const s3Started = origins.then((allowed) =>
      startS3({ dataDir, host, bucket: MEDIA_BUCKET, origins: allowed }),
    );
    // Side by side; DynamoDB first, so that a missing Java is the message shown.
    const [dynamodb, { port }, jwtSecret, credentialKey, stripeWebhookSecret, s3] =
      await services.startAll([
        startDynamoDb({ dataDir, tableName: TABLE_NAME }),
        listening,
        loadJwtSecret(dataDir),
        loadCredentialKey(dataDir),
        loadStripeWebhookSecret(dataDir),
        s3Started,
        startSpa({
          mode: spa,
          server,
          log: options.log ?? false,
          uploadOrigin: s3Started.then(({ endpoint }) => endpoint),
          googleAnalytics: Boolean({ ...process.env, ...options.environment }.GA4_MEASUREMENT_ID),
        }),
      ]);
    const url = `http://localhost:${port}`;

    // The only variables the sandbox sets in its own process: the SDK's credential chain reads
    // process.env, not a handler's environment (in Lambda the role's keys are there too). Dummy
    // keys that DynamoDB Local and s3rver take, unless real ones are set.
    const processEnv: Record<string, string> = {};
    if (!process.env.AWS_REGION) processEnv.AWS_REGION = 'us-east-1';
    if (!process.env.AWS_ACCESS_KEY_ID) {
      processEnv.AWS_ACCESS_KEY_ID = S3_DUMMY_KEY;
      processEnv.AWS_SECRET_ACCESS_KEY = S3_DUMMY_KEY;
    }

    const wiring: SandboxWiring = {
      url,
      dynamoDbEndpoint: dynamodb.endpoint,
      s3Endpoint: s3.endpoint,
      jwtSecret,
      credentialKey,
      stripeWebhookSecret,
      settings: { ...process.env, ...options.environment },
    };
    const jobs: JobRegistry = { ...catalogueJobs(), ...options.extraJobs };
    const environments = functionEnvironments(
      {
        ...ENDPOINT_GROUP_DECLARATIONS,
        ...Object.fromEntries(Object.entries(jobs).map(([job, entry]) => [job, entry.declaration])),
      },
      wiring,
    );
    const environmentOf = (name: string): Environment => {
      const environment = environments[name];
      if (!environment) throw new Error(`No function named ${name} is declared.`);
      return environment;
    };

    setProcessEnv(services, processEnv);
    used = true;

    const runner = createJobRunner({ jobs, environmentOf });
    const queues = await services.start(
      startSandboxQueues({ queues: sandboxQueueSettings(wiring.settings), invoke: runner.invoke }),
    );
    const events = await services.start(
      startEvents({
        dataDir,
        runner,
        // Read as the morning job reads the roster, with its permissions.
        morningCompanies: async () =>
          withEnvironment(environmentOf('daily-drafts'), listMorningCompanies),
      }),
    );
    await services.start(
      startGateway({
        log: options.log ?? false,
        environmentOf,
        ...(options.loadHandler ? { loadHandler: options.loadHandler } : {}),
        viewerAddressFromRequest: options.viewerAddressFromRequest ?? false,
      }),
    );
    const socialProviders = await services.start(
      startSocialProviders({
        dataDir,
        answerDelayMs: wiring.settings.SANDBOX_PROVIDER_DELAY_MS,
      }),
    );
    await services.start(startGoogleStandIn());
    const stripe = await services.start(
      startStripeStandIn({
        dataDir,
        appUrl: () => url,
        webhookSecret: stripeWebhookSecret,
        live: usesRealStripe(wiring.settings),
      }),
    );
    // Replies are recorded and delivered in the sms-inbound job's own environment (it writes).
    const phone = smsPhone({ events, environment: environmentOf('sms-inbound') });
    await services.start({ routes: phone.routes, stop: () => undefined });
    const analytics = await services.start(
      startAnalyticsStandIn({ dataDir, measurementId: sandboxMeasurementId(wiring.settings) }),
    );
    const sandboxEnvironment = functionEnvironment('sandbox', SANDBOX_DECLARATION, wiring);
    const alarms = sandboxAlarms({ environment: sandboxEnvironment });
    await services.start({ routes: alarms.routes, stop: () => undefined });
    // What the functions' DynamoDB commands consumed, for the load simulation.
    await services.start({
      routes: [
        {
          prefix: '/_sandbox/api/capacity',
          name: 'the consumed capacity',
          handle: async (_request, response) => sendJson(response, 200, consumedCapacity()),
        },
      ],
      stop: () => undefined,
    });
    const roles = sandboxUserRoles({
      environment: functionEnvironment('sandbox-roles', ROLES_DECLARATION, wiring),
    });
    await services.start({ routes: roles.routes, stop: () => undefined });
    await services.start(
      startInbox({
        environment: sandboxEnvironment,
        panels: [
          alarms.panel,
          phone.panel,
          events.panel,
          queues.panel,
          socialProviders.panel,
          stripe.panel,
          analytics.panel,
        ],
      }),
    );
    handleRequest = routeRequests(services.routes(), { allowHost: localHostCheck(host) });

    writeLock(dataDir, {
      pid: process.pid,
      url,
      startedAt: new Date().toISOString(),
      ...(dynamodb.pid ? { dynamoDbPid: dynamodb.pid } : {}),
    });

    return {
      url,
      port,
      s3Endpoint: s3.endpoint,
      dynamoDbEndpoint: dynamodb.endpoint,
      dataDir,
      env: processEnv,
      environments,
      stripeWebhookSecret,
      stop: () => {
        handleRequest = unavailable;
        return services.stopAll();
      },
    };
  } catch (error) {
    await services.stopAll();
    throw error;
  }
};
