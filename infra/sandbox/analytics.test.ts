import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GA4_STAND_IN_PATH,
  SANDBOX_ANALYTICS_API_PATH,
  SANDBOX_MEASUREMENT_ID,
  SANDBOX_MEASUREMENT_PROTOCOL_SECRET,
  type SandboxAnalyticsList,
} from '#shared/domain/analytics';
import { startAnalyticsStandIn, type AnalyticsStandIn } from './analytics';
import { routeRequests } from './router';

describe("the sandbox's GA4 stand-in", () => {
  let dataDir: string;
  let standIn: AnalyticsStandIn;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sailpost-analytics-'));
    standIn = await startAnalyticsStandIn({ dataDir, measurementId: SANDBOX_MEASUREMENT_ID });
    server = createServer(routeRequests(standIn.routes));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    expect(
      (await fetch(`${origin}${SANDBOX_ANALYTICS_API_PATH}`, { method: 'DELETE' })).status,
    ).toBe(204);
  });

  const listed = async () =>
    ((await (await fetch(`${origin}${SANDBOX_ANALYTICS_API_PATH}`)).json()) as SandboxAnalyticsList)
      .events;

  const mp = (body: unknown, secret = SANDBOX_MEASUREMENT_PROTOCOL_SECRET) =>
    fetch(
      `${origin}${GA4_STAND_IN_PATH}/mp/collect?measurement_id=${SANDBOX_MEASUREMENT_ID}&api_secret=${secret}`,
      { method: 'POST', body: JSON.stringify(body) },
    );

  it('records a gtag.js hit: event, ep/epn parameters, consent from gcs, page and client', async () => {
    const query = new URLSearchParams({
      v: '2',
      tid: SANDBOX_MEASUREMENT_ID,
      cid: '123.456',
      gcs: 'G101',
      dl: 'http://localhost:3000/dashboard',
      dt: '/dashboard',
      en: 'begin_checkout',
      'ep.tier': 'gold',
      'epn.value': '150',
      'ep.currency': 'USD',
    });
    const response = await fetch(`${origin}${GA4_STAND_IN_PATH}/g/collect?${query}`, {
      method: 'POST',
    });
    expect(response.status).toBe(204);
    expect(await listed()).toEqual([
      {
        time: expect.any(String),
        source: 'browser',
        measurementId: SANDBOX_MEASUREMENT_ID,
        event: 'begin_checkout',
        params: { tier: 'gold', value: 150, currency: 'USD' },
        consent: { ad_storage: 'denied', analytics_storage: 'granted' },
        clientId: '123.456',
        page: { location: 'http://localhost:3000/dashboard', title: '/dashboard' },
      },
    ]);
  });

  it('records Measurement Protocol events, and flags what the contract does not know', async () => {
    const answer = await mp({
      client_id: '123.456',
      user_id: '01JUSER',
      events: [
        {
          name: 'purchase',
          params: { transaction_id: 'in_1', tier: 'gold', value: 150, currency: 'USD' },
        },
        { name: 'content_approve', params: { platform: 'twitter', via: 'sms', note: 'hi' } },
      ],
    });
    expect(answer.status).toBe(204);
    expect(await listed()).toMatchObject([
      { source: 'server', event: 'purchase', userId: '01JUSER', consent: null },
      { event: 'content_approve', unknownParams: ['note'] },
    ]);
    expect((await listed())[0]).not.toHaveProperty('unknownParams');
  });

  it('refuses a wrong API secret or a body that is no Measurement Protocol call', async () => {
    expect((await mp({ client_id: '1.2', events: [{ name: 'login' }] }, 'nope')).status).toBe(403);
    expect((await mp({ events: [] })).status).toBe(400);
    expect(await listed()).toEqual([]);
  });

  it("serves its tag, which sends to this stand-in's collect path", async () => {
    const response = await fetch(`${origin}${GA4_STAND_IN_PATH}/gtag/js?id=G-SANDBOX`);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const script = await response.text();
    expect(script).toContain('"/g/collect"');
    expect(() => new Function(script)).not.toThrow();
  });

  it('lists the events on /_sandbox, or says that nothing arrived', async () => {
    expect(await standIn.panel({ returnTo: '/_sandbox' })).toContain('Nothing has arrived');
    await mp({ client_id: '1.2', events: [{ name: 'login', params: { method: 'google' } }] });
    const html = await standIn.panel({ returnTo: '/_sandbox' });
    expect(html).toContain('login');
    expect(html).toContain('method=google');
  });
});
