import type * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/contract/manifest';
import { PATH_ID_OWNERS, routeKeyOf, type RouteDefinition } from '#shared/contract/route';
import { maxJsonBodyBytesOf } from '#functions/core/http/validation';
import {
  createTenant,
  inBatches,
  pathFor,
  pathParamsOf,
  readEverything,
  sampleBody,
  sampleQuery,
  samplePathFor,
  send,
  userCount,
  type Tenant,
} from './fixtures';

/**
 * Generated from the manifest and its zod schemas: every body, query and path id of every route is
 * fed what a hostile or broken client sends. The answer is always a 4xx with a code (and the
 * field's message where one field is wrong), never a 5xx, and nothing is written. Every case
 * fails validation before any work (no password is hashed, no text is sent), so the sweep is fast.
 */

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'enum' | 'object';

/** The JSON type a field takes, through optional, default, transform and pipe wrappers. */
const kindOf = (schema: z.core.$ZodType, name: string): Kind => {
  const def = schema._zod.def as unknown as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
  };
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
      return kindOf(def.innerType!, name);
    case 'pipe':
      return kindOf(def.in!, name);
    case 'string':
    case 'number':
    case 'boolean':
    case 'array':
    case 'enum':
    case 'object':
      return def.type;
    default:
      throw new Error(
        `The fuzz sweep cannot walk field "${name}" (a zod ${def.type}): teach kindOf`,
      );
  }
};

interface Field {
  name: string;
  kind: Kind;
  required: boolean;
  /** null is a value the field accepts (a client may send "none" explicitly). */
  nullable: boolean;
}

const fieldsOf = (schema: z.ZodType, route: RouteDefinition): Field[] => {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, z.ZodType> };
  if (def.type !== 'object' || !def.shape) {
    throw new Error(`${routeKeyOf(route)}: the sweep walks object bodies and queries only`);
  }
  return Object.entries(def.shape).map(([name, field]) => ({
    name,
    kind: kindOf(field, name),
    required: !field.safeParse(undefined).success,
    nullable: field.safeParse(null).success,
  }));
};

/** A value of the wrong JSON type for each kind. */
const WRONG_TYPE: Record<Kind, unknown> = {
  string: 12345,
  number: 'twelve',
  boolean: 'yes',
  array: 'not a list',
  enum: 42,
  object: 'not an object',
};

/**
 * Control and bidi characters (NUL, BEL, RIGHT-TO-LEFT OVERRIDE, LEFT-TO-RIGHT ISOLATE), half a
 * character (a lone surrogate) and an invisible tag character (how text is hidden from a reader).
 */
const UNSAFE_CHARACTERS = ['\u0000', '\u0007', '\u202E', '\u2066', '\uD83D', '\u{E0041}'];

const DEPTH = 10_000;
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

interface Expectation {
  status: number;
  code?: string;
  /** The field whose message the answer must carry. */
  field?: string;
}

interface Case {
  name: string;
  body?: string;
  contentType?: string;
  query?: string;
  expect: Expectation;
}

const json = 'application/json';
const jsonCase = (name: string, body: unknown, expectation: Expectation): Case => ({
  name,
  body: JSON.stringify(body),
  contentType: json,
  expect: expectation,
});
const invalid = (field: string): Expectation => ({ status: 400, code: 'VALIDATION_FAILED', field });

/** What to do to a body: each case changes one thing of a valid body. */
const bodyCases = (route: RouteDefinition): Case[] => {
  const base = sampleBody(route);
  expect(route.body!.safeParse(base).success, `${routeKeyOf(route)}: its sample is invalid`).toBe(
    true,
  );
  const fields = fieldsOf(route.body!, route);
  const without = (name: string) =>
    Object.fromEntries(Object.entries(base).filter(([k]) => k !== name));
  const cases: Case[] = [];
  for (const field of fields) {
    cases.push(
      jsonCase(
        `${field.name}: wrong type`,
        { ...base, [field.name]: WRONG_TYPE[field.kind] },
        invalid(field.name),
      ),
      ...(field.nullable
        ? []
        : [jsonCase(`${field.name}: null`, { ...base, [field.name]: null }, invalid(field.name))]),
      {
        name: `${field.name}: ${DEPTH} levels of arrays`,
        body: JSON.stringify({ ...base, [field.name]: 0 }).replace(/:0([,}])/, `:${deepArray}$1`),
        contentType: json,
        expect: invalid(field.name),
      },
    );
    if (field.required)
      cases.push(jsonCase(`${field.name}: missing`, without(field.name), invalid(field.name)));
    if (field.kind === 'string') {
      cases.push(
        // Longer than any text field allows (a Facebook post's 63,206 is the longest), shorter
        // than the 256 KB a body may be: the field's own limit refuses it.
        jsonCase(
          `${field.name}: 70 KB`,
          { ...base, [field.name]: 'x'.repeat(70_000) },
          invalid(field.name),
        ),
      );
      // Passwords may hold any character; every other text refuses these.
      if (!/password/i.test(field.name)) {
        const value = String(base[field.name] ?? 'Harbor Coffee');
        const middle = Math.ceil(value.length / 2);
        for (const character of UNSAFE_CHARACTERS) {
          const label = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
          cases.push(
            jsonCase(
              `${field.name}: ${label}`,
              { ...base, [field.name]: value.slice(0, middle) + character + value.slice(middle) },
              invalid(field.name),
            ),
          );
        }
      }
    }
  }
  const firstString = fields.find((field) => field.kind === 'string');
  // Most routes take 256 KB; one that takes an image as a data URL takes more.
  const bodyLimit = maxJsonBodyBytesOf(route);
  const megabyte = 1024 * 1024;
  const baseJson = JSON.stringify(base).slice(1);
  cases.push(
    jsonCase('an unknown field', { ...base, surprise: true }, invalid('surprise')),
    jsonCase('a role it must not set', { ...base, role: 'admin' }, invalid('role')),
    {
      name: '__proto__ key',
      body: `{"__proto__":{"role":"admin","isAdmin":true},${baseJson}`,
      contentType: json,
      expect: invalid('__proto__'),
    },
    {
      name: 'constructor.prototype key',
      body: `{"constructor":{"prototype":{"isAdmin":true}},${baseJson}`,
      contentType: json,
      expect: invalid('constructor'),
    },
    {
      name: `${DEPTH} levels of objects`,
      body: deepObject,
      contentType: json,
      expect: invalid('a'),
    },
    { name: `${DEPTH} levels of arrays`, body: deepArray, contentType: json, expect: invalid('_') },
    jsonCase('an array', [base], invalid('_')),
    jsonCase('a string', 'hello', invalid('_')),
    {
      name: 'malformed JSON',
      body: '{"email": ',
      contentType: json,
      expect: { status: 400, code: 'MALFORMED_JSON' },
    },
    {
      name: 'a lone surrogate',
      body: `{"x": "\\ud800"`,
      contentType: json,
      expect: { status: 400, code: 'MALFORMED_JSON' },
    },
    {
      name: '1 MB string',
      body: JSON.stringify({ ...base, [firstString?.name ?? 'filler']: 'x'.repeat(megabyte) }),
      contentType: json,
      expect:
        megabyte > bodyLimit
          ? { status: 413, code: 'PAYLOAD_TOO_LARGE' }
          : invalid(firstString?.name ?? 'filler'),
    },
    {
      name: 'just over the body limit',
      body: JSON.stringify({ ...base, filler: 'x'.repeat(bodyLimit) }),
      contentType: json,
      expect: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
    },
    {
      name: 'text/plain',
      body: JSON.stringify(base),
      contentType: 'text/plain;charset=UTF-8',
      expect: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    },
    {
      name: 'a form',
      body: 'email=a%40b.c',
      contentType: 'application/x-www-form-urlencoded',
      expect: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    },
    {
      name: 'multipart',
      body: '--x\r\n\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
      expect: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    },
    {
      name: 'no content type',
      body: JSON.stringify(base),
      expect: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    },
  );
  return cases;
};

/**
 * Query strings: wrong values answer 400; unknown parameters are ignored (caches add them). Each
 * case changes one parameter of a valid query (the route's sample, or none when all are optional);
 * a valid one answers the route's success status (a redirect, for an OAuth callback).
 */
const queryCases = (route: RouteDefinition, base: Record<string, string>): Case[] => {
  const query = (changes: Record<string, string>) =>
    Object.entries({ ...base, ...changes })
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
  const success = { status: route.successStatus ?? 200 } as Expectation;
  const fields = fieldsOf(route.query!, route);
  const cases: Case[] = [];
  for (const field of fields) {
    if (field.kind === 'number' || field.kind === 'enum') {
      cases.push({
        name: `${field.name}: not a ${field.kind}`,
        query: query({ [field.name]: 'twelve' }),
        expect: invalid(field.name),
      });
    }
    cases.push(
      {
        name: `${field.name}: 4 KB`,
        query: query({ [field.name]: '9'.repeat(4096) }),
        expect: invalid(field.name),
      },
      {
        name: `${field.name}: NUL and RLO`,
        query: query({ [field.name]: '1%00%E2%80%AE' }),
        expect: invalid(field.name),
      },
    );
  }
  cases.push(
    { name: 'an unknown parameter', query: query({ surprise: '1' }), expect: success },
    {
      name: '__proto__ parameter',
      query: [query({}), '__proto__=x&constructor=y'].filter(Boolean).join('&'),
      expect: success,
    },
  );
  // Malformed percent-encoding decodes to U+FFFD, which a number or a choice refuses (free text
  // may hold it).
  const typed = fields.find((field) => field.kind === 'number' || field.kind === 'enum');
  if (typed) {
    cases.push({
      name: 'malformed percent-encoding',
      query: query({ [typed.name]: '%E0%A4%A' }),
      expect: { status: 400, code: 'VALIDATION_FAILED', field: typed.name },
    });
  }
  return cases;
};

const JUNK_IDS = [
  ['a short word', 'abc'],
  ['2 KB', 'x'.repeat(2048)],
  ['600 characters of junk', '~!$&*()+,;=:@'.repeat(47).slice(0, 600)],
  ['a path walk', '..%2F..%2Fusers'],
  ['a NUL', '%00'],
  ['a valid id and a NUL', '3f1c2a52-8a1d-4c57-9a2e-1f6b1d7e0c11%00'],
  ['a right-to-left override', '%E2%80%AE3f1c2a52-8a1d-4c57-9a2e-1f6b1d7e0c11'],
  ['an upper-case id of nobody', '3F1C2A52-8A1D-4C57-9A2E-1F6B1D7E0C11'],
] as const;

const checkAnswer = (
  caseName: string,
  result: { status: number; body: Record<string, unknown> | undefined },
  expected: Expectation,
) => {
  // A redirect (an OAuth callback's answer) has no body.
  const body = result.body ?? {};
  const detail = `${caseName}: ${result.status} ${JSON.stringify(body).slice(0, 300)}`;
  expect(result.status, detail).toBeLessThan(500);
  expect(result.status, detail).toBe(expected.status);
  if (expected.code) expect(body.code, detail).toBe(expected.code);
  if (expected.field) {
    const fields = (body.fields ?? {}) as Record<string, string>;
    // The field itself, or a part of it (`brandColors.0`).
    const named = Object.keys(fields).filter(
      (key) => key === expected.field || key.startsWith(`${expected.field}.`),
    );
    expect(named, detail).not.toEqual([]);
    expect(body.message, detail).toBeTruthy();
  }
};

const withInput = routes.filter((route) => route.body || route.query);
const withPathIds = routes.filter((route) => pathParamsOf(route).length > 0);
const cases = (list: readonly RouteDefinition[]) =>
  list.map((route) => [routeKeyOf(route), route] as const);
const counts = { routes: new Set<string>(), requests: 0 };

describe('fuzz sweep', () => {
  let fuzzer: Tenant;

  beforeAll(async () => {
    fuzzer = await createTenant();
  });

  it.each(cases(withInput))(
    '%s refuses every malformed input, writing nothing',
    async (_, route) => {
      const all = [
        ...(route.body ? bodyCases(route) : []),
        ...(route.query ? queryCases(route, sampleQuery(route, fuzzer)) : []),
      ];
      const signedIn = route.access !== 'public';
      const before = signedIn ? await readEverything(fuzzer) : undefined;
      const usersBefore = await userCount();
      const path = pathFor(route, fuzzer);

      await inBatches(all, 6, async (fuzz) => {
        const result = await send(route.method, fuzz.query ? `${path}?${fuzz.query}` : path, {
          token: signedIn ? fuzzer.token : undefined,
          body: fuzz.body,
          contentType: fuzz.contentType,
        });
        checkAnswer(fuzz.name, result, fuzz.expect);
      });
      counts.requests += all.length;

      if (signedIn) expect(await readEverything(fuzzer)).toEqual(before);
      expect(await userCount()).toBe(usersBefore);
      counts.routes.add(routeKeyOf(route));
    },
  );

  it.each(cases(withPathIds))(
    '%s answers an id of the wrong shape 404, not 500',
    async (_, route) => {
      const owners = route.owners ?? {};
      const before = await readEverything(fuzzer);
      const body = route.body ? JSON.stringify(sampleBody(route)) : undefined;
      const requests = pathParamsOf(route).flatMap((param) =>
        JUNK_IDS.map(([name, junk]) => ({
          name: `{${param}} = ${name}`,
          // The fuzzer's own ids everywhere else: only this one is wrong.
          path: samplePathFor(route, fuzzer, { [param]: junk }),
          notFound: PATH_ID_OWNERS[owners[param]!].notFound,
        })),
      );
      await inBatches(requests, 6, async (request) => {
        const result = await send(route.method, request.path, {
          token: fuzzer.token,
          body,
          contentType: body ? 'application/json' : undefined,
        });
        checkAnswer(request.name, result, { status: 404, code: request.notFound });
      });
      counts.requests += requests.length;
      expect(await readEverything(fuzzer)).toEqual(before);
      counts.routes.add(routeKeyOf(route));
    },
  );

  afterAll(() => {
    console.log(
      `fuzz sweep: ${counts.routes.size} routes (${withInput.length} with a body or query, ` +
        `${withPathIds.length} with path ids), ${counts.requests} requests`,
    );
  });

  it('fuzzed every route that takes input', () => {
    const expected = [...new Set([...withInput, ...withPathIds].map(routeKeyOf))];
    expect(expected.filter((key) => !counts.routes.has(key))).toEqual([]);
  });
});
