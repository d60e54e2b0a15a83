import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What every sandbox service (dynamodb, s3, gateway, events, inbox, spa) answers when started: a
 * way to stop it, and the paths it serves on the sandbox's one origin, if any.
 */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export interface Route {
  /** Requests for this path or anything below it; the longest matching prefix wins. */
  prefix: string;
  /** Who answers, for the log line when it fails ("the gateway"). */
  name: string;
  handle: RequestHandler;
}

export interface Service {
  stop(): Promise<void> | void;
  routes?: readonly Route[];
}

const isService = (value: unknown): value is Service =>
  typeof value === 'object' && value !== null && typeof (value as Service).stop === 'function';

/**
 * The services of one sandbox, stopped in the reverse order they started. Start-up runs services
 * side by side; when one fails, every other one is still waited for and stopped, so nothing is
 * left running untracked.
 */
export class ServiceGroup {
  private readonly stops: (() => Promise<void> | void)[] = [];
  private readonly services: Service[] = [];
  private stopping: Promise<void> | undefined;

  private keep(service: Service): void {
    this.services.push(service);
    this.onStop(() => service.stop());
  }

  /** Waits for a service, and stops it with the group. */
  async start<S extends Service>(starting: S | Promise<S>): Promise<S> {
    const service = await starting;
    this.keep(service);
    return service;
  }

  /** Every route of every service started, for the router. */
  routes(): Route[] {
    return this.services.flatMap((service) => service.routes ?? []);
  }

  /** Runs `stop` when the group stops (after the services started later). */
  onStop(stop: () => Promise<void> | void): void {
    this.stops.push(stop);
  }

  /**
   * Waits for every start (a service, or any value a start-up step yields), keeps the services
   * that came up, and throws the first failure in the order given.
   */
  async startAll<const T extends readonly unknown[]>(starts: {
    readonly [K in keyof T]: Promise<T[K]>;
  }): Promise<T> {
    const settled = await Promise.allSettled(
      starts.map((start) =>
        start.then((value) => {
          if (isService(value)) this.keep(value);
          return value;
        }),
      ),
    );
    for (const step of settled) if (step.status === 'rejected') throw step.reason;
    return settled.map((step) => (step as PromiseFulfilledResult<unknown>).value) as unknown as T;
  }

  stopAll(): Promise<void> {
    this.stopping ??= (async () => {
      for (const stop of this.stops.splice(0).reverse()) {
        try {
          await stop();
        } catch (error) {
          console.error('[sandbox] clean-up step failed:', error);
        }
      }
    })();
    return this.stopping;
  }
}
