import { AsyncLocalStorage } from 'node:async_hooks';

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The environment a handler runs with. In Lambda it is `process.env`. The sandbox runs every
 * function in one process, so it gives each invocation the environment its declaration names
 * (`withEnvironment`); a function that reads a variable it did not declare finds it missing, as
 * it would in AWS.
 */
const scope = new AsyncLocalStorage<Environment>();

export const currentEnvironment = (): Environment => scope.getStore() ?? process.env;

export const withEnvironment = <T>(environment: Environment, run: () => T): T =>
  scope.run(environment, run);
