/**
 * Creates a value on first use and keeps it for the life of the process (a Lambda container).
 * Entities and SDK clients use it so configuration is read once, after the environment is set.
 */
export const lazy = <T>(make: () => T): (() => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};
