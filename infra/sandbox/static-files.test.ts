import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJavaMajor } from './dynamodb-local';
import { createStaticHandler } from './static-files';

describe('createStaticHandler (web/dist)', () => {
  const root = mkdtempSync(join(tmpdir(), 'sailpost-static-'));
  const dist = join(root, 'dist');
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(root, 'secret.txt'), 'outside');
    const serve = createStaticHandler(dist);
    server = createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  it('serves hashed assets with their type and a year of immutable caching', async () => {
    const response = await fetch(`${base}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers client-side routes with index.html, revalidated every time', async () => {
    const response = await fetch(`${base}/companies/c1/campaigns`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>app</title>');
    expect((await fetch(`${base}/favicon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers 404 for missing files and never serves outside the root', async () => {
    expect((await fetch(`${base}/assets/missing-1.js`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/secret.txt`)).status).toBe(404);
    expect((await fetch(`${base}/..%2fsecret.txt`)).status).toBe(404);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await fetch(`${base}/assets/index-abc123.js`);
    const etag = first.headers.get('etag')!;
    const second = await fetch(`${base}/assets/index-abc123.js`, {
      headers: { 'if-none-match': etag },
    });
    expect(second.status).toBe(304);
  });
});

describe('parseJavaMajor', () => {
  it('reads modern and legacy version banners', () => {
    expect(parseJavaMajor('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(parseJavaMajor('openjdk version "21" 2023-09-19')).toBe(21);
    expect(parseJavaMajor('java version "1.8.0_381"')).toBe(8);
    expect(parseJavaMajor('something else')).toBeUndefined();
  });
});
