import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxFetch } from './sandbox-fetch';

describe('a request to the sandbox’s own services', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  /** A service that drops the first `dropped` connections unanswered, then answers `status`. */
  const service = async (dropped: number, status = 200) => {
    let seen = 0;
    const server = createServer((request, response) => {
      seen += 1;
      if (seen <= dropped) return request.socket.destroy();
      response.writeHead(status).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      seen: () => seen,
    };
  };

  it('is tried again while the sandbox drops it, until it is answered', async () => {
    const { url, seen } = await service(3);
    const response = await sandboxFetch(url, { method: 'POST', body: '{}' });
    expect(response.status).toBe(200);
    expect(seen()).toBe(4);
  });

  it('gives up after five tries, with the last failure', async () => {
    const { url, seen } = await service(10);
    await expect(sandboxFetch(url, { method: 'GET' })).rejects.toThrow('fetch failed');
    expect(seen()).toBe(5);
  });

  it('answers a refusal at once (a 4xx is not tried again)', async () => {
    const { url, seen } = await service(0, 409);
    expect((await sandboxFetch(url, { method: 'POST', body: '{}' })).status).toBe(409);
    expect(seen()).toBe(1);
  });
});
