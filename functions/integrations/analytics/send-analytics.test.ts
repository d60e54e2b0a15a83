import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { logger } from '#functions/core/logger';
import { startFakeHttpService, type FakeHttpService } from '#test/support/fake-http';
import { opaqueClientIdOf, sendAnalyticsEvent } from './send-analytics';

const purchase = {
  clientId: '1234567890.1234567890',
  event: {
    name: 'purchase' as const,
    params: {
      transaction_id: 'in_123' as const,
      tier: 'gold' as const,
      value: 150,
      currency: 'USD' as const,
    },
  },
};

describe('sendAnalyticsEvent', () => {
  let collector: FakeHttpService;
  beforeAll(async () => {
    collector = await startFakeHttpService(() => ({ status: 204 }));
  });
  afterAll(() => collector.close());
  afterEach(() => {
    collector.requests.length = 0;
    collector.answer = () => ({ status: 204 });
    vi.restoreAllMocks();
  });

  const configured = (extra: Record<string, string> = {}) => ({
    GA4_MEASUREMENT_ID: 'G-TEST123',
    GA4_API_SECRET: 'the-api-secret',
    GA4_MEASUREMENT_PROTOCOL_URL: `${collector.origin}/mp/collect`,
    ...extra,
  });

  it("posts one event in the Measurement Protocol's shape, with the id and secret in the address", async () => {
    await withEnvironment(configured(), () => sendAnalyticsEvent(purchase));
    expect(collector.requests).toHaveLength(1);
    const [request] = collector.requests;
    expect(request!.method).toBe('POST');
    const url = new URL(request!.url, collector.origin);
    expect(url.pathname).toBe('/mp/collect');
    expect(url.searchParams.get('measurement_id')).toBe('G-TEST123');
    expect(url.searchParams.get('api_secret')).toBe('the-api-secret');
    expect(request!.body).toMatchObject({
      client_id: '1234567890.1234567890',
      consent: { ad_user_data: 'denied', ad_personalization: 'denied' },
      events: [purchase.event],
    });
  });

  it('sends nothing without a measurement id or an API secret', async () => {
    await withEnvironment(configured({ GA4_MEASUREMENT_ID: '' }), () =>
      sendAnalyticsEvent(purchase),
    );
    await withEnvironment(configured({ GA4_API_SECRET: '' }), () => sendAnalyticsEvent(purchase));
    expect(collector.requests).toEqual([]);
  });

  it('never fails the caller, and never logs the secret, when the collector refuses', async () => {
    collector.answer = () => ({ status: 500, body: { error: 'down' } });
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await expect(
      withEnvironment(configured(), () => sendAnalyticsEvent(purchase)),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('An analytics event was not sent', {
      event: 'purchase',
      error: 'AnalyticsNotAccepted',
    });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('the-api-secret');
  });

  it('gives up on a collector that does not answer, without failing the caller', async () => {
    // A collector that never answers: the request is left hanging.
    const hanging = await import('node:http').then(({ createServer }) => {
      const server = createServer(() => undefined);
      return new Promise<{ url: string; close: () => void }>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          resolve({
            url: `http://127.0.0.1:${port}/mp/collect`,
            close: () => {
              server.closeAllConnections();
              server.close();
            },
          });
        }),
      );
    });
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const started = Date.now();
    await withEnvironment(configured({ GA4_MEASUREMENT_PROTOCOL_URL: hanging.url }), () =>
      sendAnalyticsEvent(purchase),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    hanging.close();
  });
});

describe('opaqueClientIdOf', () => {
  it("is GA's shape, the same for a company every time, and not the company's id", () => {
    const id = opaqueClientIdOf('3f1c2a52-8a1d-4c57-9a2e-1f6b1d7e0c11');
    expect(id).toMatch(/^\d+\.\d+$/);
    expect(opaqueClientIdOf('3f1c2a52-8a1d-4c57-9a2e-1f6b1d7e0c11')).toBe(id);
    expect(opaqueClientIdOf('00000000-0000-4000-8000-000000000000')).not.toBe(id);
    expect(id).not.toContain('3f1c2a52');
  });
});
