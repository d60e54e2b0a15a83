import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompression } from './compress';
import { createStaticHandler } from './static-files';

/** The raw answer, undecoded (fetch would decompress it). */
const get = (url: string, acceptEncoding?: string) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(
        url,
        { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );

describe('withCompression over the built app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'sailpost-compress-'));
  const script = `console.log(${JSON.stringify('sailpost '.repeat(500))});`;
  const png = Buffer.alloc(4000, 7);
  let server: Server;
  let base: string;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><title>app</title>${'<p>hi</p>'.repeat(200)}`,
    );
    writeFileSync(join(dist, 'assets', 'app-1.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny-1.css'), 'a{color:red}');
    writeFileSync(join(dist, 'logo.png'), png);
    const serve = withCompression(createStaticHandler(dist));
    server = createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers brotli when the browser takes it, gzip when it takes only that', async () => {
    const brotli = await get(`${base}/assets/app-1.js`, 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['content-length']).toBeUndefined();
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
    expect(brotli.body.length).toBeLessThan(script.length / 10);

    const gzip = await get(`${base}/assets/app-1.js`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const page = await get(`${base}/companies`, 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>app</title>');
  });

  it('answers as is without Accept-Encoding, for images and for tiny files', async () => {
    const plain = await get(`${base}/assets/app-1.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);

    const image = await get(`${base}/logo.png`, 'gzip, br');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body).toEqual(png);

    const tiny = await get(`${base}/assets/tiny-1.css`, 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('a{color:red}');
  });

  it('answers 304 to a matching ETag with no body and no encoding', async () => {
    const first = await get(`${base}/assets/app-1.js`, 'br');
    const again = await new Promise<{ status: number; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const req = httpRequest(
          `${base}/assets/app-1.js`,
          { headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
  });
});
