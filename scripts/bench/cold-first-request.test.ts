import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '#shared/contract/manifest';
import { ENDPOINT_GROUPS, routeKeyOf } from '#shared/contract/route';
import {
  eventOf,
  TYPICAL_REQUESTS,
  timeColdFirstRequest,
  type ColdBundle,
  type Fixture,
  type TypicalRequest,
} from './cold-first-request';

const fixture: Fixture = {
  token: 'token-of-the-owner',
  companyId: '0f0e4f1c-8d7a-4a8e-9b1e-3c2d1a0b9f8e',
  campaignId: '6b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
};

describe('TYPICAL_REQUESTS', () => {
  it.each(ENDPOINT_GROUPS)('names a route of the %s group that its event reaches', (group) => {
    const request = TYPICAL_REQUESTS[group](fixture);
    expect(Object.values(contract[group])).toContain(request.route);
    const event = eventOf(request, fixture.token);
    expect(event.routeKey).toBe(routeKeyOf(request.route));
    expect(event.headers.authorization).toBe(
      request.route.access === 'public' ? undefined : `Bearer ${fixture.token}`,
    );
  });

  it('fills the path with the fixture and sends the body as JSON', () => {
    const request = TYPICAL_REQUESTS.media(fixture);
    const event = eventOf(request, fixture.token);
    expect(event.rawPath).toBe(`/api/campaigns/${fixture.campaignId}/media/uploads`);
    expect(event.pathParameters).toEqual({ campaignId: fixture.campaignId });
    expect(event.headers['content-type']).toBe('application/json');
    expect(JSON.parse(event.body!)).toEqual(request.body);
  });
});

/**
 * A bundle that spends INIT_MS at import and, like a function that loads its SDK on first use,
 * FIRST_USE_MS more in its first request; it answers 200 only when the environment reached it.
 */
const INIT_MS = 60;
const FIRST_USE_MS = 120;
const spin = (ms: number) =>
  `{ const until = performance.now() + ${ms}; while (performance.now() < until); }`;
const BUNDLE = `
${spin(INIT_MS)}
export const handler = async (event, context) => {
  const { loaded } = await import('./first-use.mjs');
  const seen = process.env.TABLE_NAME === 'bench-table' && context.getRemainingTimeInMillis() > 0;
  return { statusCode: seen && loaded ? Number(event.headers['x-answer'] ?? 200) : 500, body: 'nope' };
};
`;
const FIRST_USE = `${spin(FIRST_USE_MS)}\nexport const loaded = true;\n`;

describe('timeColdFirstRequest', () => {
  let directory: string;
  let bundle: ColdBundle;
  const request: TypicalRequest = { route: contract.auth.me, path: '/auth/me' };

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'cold-first-request-'));
    await writeFile(path.join(directory, 'index.mjs'), BUNDLE);
    await writeFile(path.join(directory, 'first-use.mjs'), FIRST_USE);
    bundle = {
      group: 'auth',
      file: path.join(directory, 'index.mjs'),
      environment: { TABLE_NAME: 'bench-table' },
    };
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it('counts what the first request loads, which the import alone does not', async () => {
    const sample = await timeColdFirstRequest(bundle, request, eventOf(request, 'token'));
    expect(sample.initMs).toBeGreaterThanOrEqual(INIT_MS);
    expect(sample.initMs).toBeLessThan(INIT_MS + FIRST_USE_MS);
    expect(sample.firstRequestMs).toBeGreaterThanOrEqual(sample.initMs + FIRST_USE_MS);
  });

  it('refuses an answer that is not the route’s success, with what it said', async () => {
    const event = eventOf(request, 'token');
    event.headers['x-answer'] = '401';
    await expect(timeColdFirstRequest(bundle, request, event)).rejects.toThrow(
      'GET /auth/me answered 401 (not 200): nope',
    );
  });

  it('refuses a bundle that cannot serve the request without its environment', async () => {
    await expect(
      timeColdFirstRequest({ ...bundle, environment: {} }, request, eventOf(request, 'token')),
    ).rejects.toThrow('answered 500');
  });
});
