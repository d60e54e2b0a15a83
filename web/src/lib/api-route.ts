import type { contract } from '#shared/contract/manifest';
import type { HttpMethod, RouteDefinition } from '#shared/contract/route';

/**
 * Names a contract route by its method and path ("GET /companies/{id}") without loading the
 * contract: the manifest is imported for its type only, so zod and the schemas stay out of every
 * page that does not validate a form. The compiler checks the name against the contract and gives
 * the call its body, query, path parameters and answer.
 */
type Contract = typeof contract;
type ContractRoute = { [G in keyof Contract]: Contract[G][keyof Contract[G]] }[keyof Contract];

type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string }
  ? `${M} ${P}`
  : never;

export type RouteKey = KeyOf<ContractRoute>;

/** The contract's route named by a key. */
export type RouteOf<K extends RouteKey> = ContractRoute extends infer R
  ? R extends RouteDefinition
    ? KeyOf<R> extends K
      ? R
      : never
    : never
  : never;

export interface ApiRoute<R extends RouteDefinition = RouteDefinition> {
  /** "GET /companies/{id}": how errors and checks name the route. */
  readonly key: string;
  readonly method: R['method'];
  readonly path: R['path'];
  /** Carries the route's type to `callApi`; never set. */
  readonly definition?: R;
}

export const apiRoute = <K extends RouteKey>(key: K): ApiRoute<RouteOf<K>> => {
  const space = key.indexOf(' ');
  return {
    key,
    method: key.slice(0, space) as HttpMethod,
    path: key.slice(space + 1),
  } as ApiRoute<RouteOf<K>>;
};
