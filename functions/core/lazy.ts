/**
 * Values made on first use and kept for the life of the process (a Lambda container): SDK clients,
 * entities, secrets. Made on first use rather than at import, so a function pays only for what a
 * request needs, and configuration is read inside the request's environment.
 */
export const lazy = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/**
 * The same for values that take a promise (a secret, an SSM parameter). Callers that arrive while
 * it is being made share the one promise; a rejected promise is forgotten, so the next call
 * tries again instead of failing for the rest of the container's life.
 */
export const lazyAsync = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= (async () => make())().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
};
