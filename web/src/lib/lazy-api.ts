import type { RouteDefinition, ResponseOf } from '#shared/contract/route';
import type { contract as Contract } from '#shared/contract/manifest';
import type { CallOptions } from './api-client';

/**
 * The contract's type, for annotating `pick` when a call passes a query or body: an annotated
 * `pick` is inferred first, so the options are checked against the route it picks.
 */
export type ApiContract = typeof Contract;

/**
 * `callApi` for screens whose first paint must not wait for the API client and the contract's
 * schemas (zod): the landing page and the app shell. Both modules load on the first call, after
 * the screen is shown; screens that already use `callApi` share the same chunks.
 */
export const callApiLazily = async <R extends RouteDefinition>(
  pick: (contract: typeof Contract) => R,
  options?: CallOptions<R>,
): Promise<ResponseOf<R>> => {
  const [{ callApi }, { contract }] = await Promise.all([
    import('./api-client'),
    import('#shared/contract/manifest'),
  ]);
  return callApi(pick(contract), options);
};
