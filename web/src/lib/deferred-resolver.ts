import type { FieldValues, Resolver } from 'react-hook-form';

export interface DeferredResolver<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  /** Starts loading the checks (the form calls it when the owner first focuses a field). */
  preload: () => void;
}

/**
 * A react-hook-form resolver whose module (zod and the contract's field rules, ~40 KB) loads only
 * once the form is in use, so the form paints without waiting for it. A submit before it has
 * arrived waits for it; a failed load is tried again at the next check.
 */
export const deferResolver = <Input extends FieldValues, Output>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): DeferredResolver<Input, Output> => {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const ready = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    resolver: async (values, context, options) => (await ready())(values, context, options),
    preload: () => void ready().catch(() => undefined),
  };
};
