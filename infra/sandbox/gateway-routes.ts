import { routeKeyOf, type RouteDefinition } from '#shared/contract/route';

/**
 * API Gateway's route selection over the manifest: `{param}` matches one segment, `{proxy+}` the
 * rest, and the most specific route wins.
 */

type Segment =
  | { kind: 'literal'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'greedy'; name: string };

export interface CompiledRoute {
  method: string;
  group: string;
  routeKey: string;
  segments: Segment[];
}

export interface RouteMatch {
  route: CompiledRoute;
  pathParameters: Record<string, string>;
}

const SEGMENT_RANK = { literal: 0, param: 1, greedy: 2 } as const;

/** Most specific first: at the first differing segment a literal beats `{param}` beats `{proxy+}`. */
const bySpecificity = (a: CompiledRoute, b: CompiledRoute): number => {
  const length = Math.min(a.segments.length, b.segments.length);
  for (let index = 0; index < length; index += 1) {
    const difference =
      SEGMENT_RANK[a.segments[index]!.kind] - SEGMENT_RANK[b.segments[index]!.kind];
    if (difference !== 0) return difference;
  }
  return b.segments.length - a.segments.length;
};

export const compileRoutes = (
  routes: readonly Pick<RouteDefinition, 'method' | 'path' | 'group'>[],
): CompiledRoute[] =>
  routes
    .map((route) => {
      const routeKey = routeKeyOf(route);
      const template = routeKey.slice(routeKey.indexOf(' ') + 1);
      const segments = template
        .split('/')
        .slice(1)
        .map((part): Segment => {
          const greedy = /^\{(\w+)\+\}$/.exec(part);
          if (greedy) return { kind: 'greedy', name: greedy[1]! };
          const param = /^\{(\w+)\}$/.exec(part);
          return param ? { kind: 'param', name: param[1]! } : { kind: 'literal', value: part };
        });
      return { method: route.method, group: route.group, routeKey, segments };
    })
    .sort(bySpecificity);

const decode = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** `rawPath` as received (percent-encoded); parameters come back decoded, like API Gateway's. */
export const matchRoute = (
  compiled: readonly CompiledRoute[],
  method: string,
  rawPath: string,
): RouteMatch | undefined => {
  const parts = rawPath.split('/').slice(1);
  for (const route of compiled) {
    if (route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    let matched = true;
    for (let index = 0; index < route.segments.length; index += 1) {
      const segment = route.segments[index]!;
      const part = parts[index];
      if (segment.kind === 'greedy') {
        const rest = parts.slice(index).join('/');
        if (!rest) matched = false;
        else pathParameters[segment.name] = decode(rest);
        break;
      }
      if (part === undefined || part === '') {
        matched = false;
        break;
      }
      if (segment.kind === 'literal') {
        if (decode(part) !== segment.value) {
          matched = false;
          break;
        }
      } else {
        pathParameters[segment.name] = decode(part);
      }
    }
    const last = route.segments.at(-1);
    if (matched && last?.kind !== 'greedy' && parts.length !== route.segments.length)
      matched = false;
    if (matched) return { route, pathParameters };
  }
  return undefined;
};
