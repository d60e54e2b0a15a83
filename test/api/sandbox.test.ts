import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '#infra/sandbox/lock';
import { localHostCheck, routeRequests } from '#infra/sandbox/router';
import { startSpa } from '#infra/sandbox/spa';

/** The sandbox itself: its dev inbox, the SPA switch and the S3 emulator. */
const apiUrl = inject('apiUrl');
const s3Endpoint = inject('s3Endpoint');

describe('the dev inbox', () => {
  it('renders the page', async () => {
    const response = await fetch(`${apiUrl}/_sandbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('<title>Dev inbox · Sailpost sandbox</title>');
    expect(html).toContain('Sandbox mode');
  });

  it('compresses its pages as CloudFront would', async () => {
    const response = await fetch(`${apiUrl}/_sandbox`, { headers: { 'accept-encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await response.text()).toContain('<title>Dev inbox · Sailpost sandbox</title>');
  });

  it('answers the messages as JSON', async () => {
    const response = await fetch(
      `${apiUrl}/_sandbox/api/messages?to=${encodeURIComponent('nobody@example.com')}&channel=email`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ messages: [] });
  });
});

describe('the gateway and the SPA switch', () => {
  it('answers 404 for / when the SPA is off', async () => {
    expect((await fetch(`${apiUrl}/`)).status).toBe(404);
  });

  it('answers 404 like API Gateway for routes the manifest does not have', async () => {
    const response = await fetch(`${apiUrl}/api/no/such/route`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('keeps the sandbox’s own environment out of the test workers', () => {
    // Handlers get their variables through their declared environment, never process.env; the
    // sandbox sets only the SDK's dummy keys in the main process, and the workers do not see them.
    expect(process.env.APP_URL).not.toBe(apiUrl);
    expect(process.env.AWS_ACCESS_KEY_ID).not.toBe('S3RVER');
  });
});

describe('the S3 emulator', () => {
  it('takes a presigned PUT from the app’s origin and serves it back through a presigned GET', async () => {
    const s3 = new S3Client({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      // Without this, presigned PUTs carry the checksum of an empty body (SDK default since 2025).
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const key = `test/${crypto.randomUUID()}.png`;
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const putUrl = await getSignedUrl(
      s3,
      new PutObjectCommand({ Bucket: 'sailpost-media', Key: key, ContentType: 'image/png' }),
      {
        expiresIn: 300,
      },
    );

    const preflight = await fetch(putUrl, {
      method: 'OPTIONS',
      headers: {
        origin: apiUrl,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');

    const put = await fetch(putUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', origin: apiUrl },
      body: bytes,
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('access-control-allow-origin')).toBe(apiUrl);

    const getUrl = await getSignedUrl(
      s3,
      new GetObjectCommand({ Bucket: 'sailpost-media', Key: key }),
      { expiresIn: 300 },
    );
    const get = await fetch(getUrl);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await get.arrayBuffer())).toEqual(bytes);
    s3.destroy();
  });
});

/** A GET with a Host header of one's choosing (fetch does not let a caller set Host). */
const getWithHost = (url: string, host: string): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

describe('DNS rebinding', () => {
  const port = new URL(apiUrl).port;

  it.each(['/_sandbox', '/_sandbox/api/messages?to=a%40example.com', '/api/config'])(
    'refuses %s for any Host but a local one',
    async (path) => {
      for (const host of [
        'evil.example',
        `evil.example:${port}`,
        `localhost.evil.example:${port}`,
      ]) {
        const refused = await getWithHost(`${apiUrl}${path}`, host);
        expect(refused.status, host).toBe(403);
        expect(refused.text).toContain('Blocked');
      }
      for (const host of [
        `localhost:${port}`,
        `127.0.0.1:${port}`,
        'localhost',
        `LOCALHOST:${port}`,
      ]) {
        expect((await getWithHost(`${apiUrl}${path}`, host)).status, host).not.toBe(403);
      }
    },
  );

  it('allows the loopback names, the interface listened on, and IP literals only when listening on every interface', () => {
    const onLoopback = localHostCheck('127.0.0.1');
    expect(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost'].map(onLoopback)).toEqual(
      [true, true, true, true],
    );
    expect(
      [undefined, '', 'evil.example', '192.168.1.20:3000', 'localhost.evil.example', '[::2]'].map(
        onLoopback,
      ),
    ).toEqual([false, false, false, false, false, false]);
    const onLan = localHostCheck('192.168.1.20');
    expect(['192.168.1.20:3000', 'localhost:3000', '10.0.0.1:3000'].map(onLan)).toEqual([
      true,
      true,
      false,
    ]);
    const everywhere = localHostCheck('0.0.0.0');
    expect(
      ['192.168.1.20:3000', '[fe80::1]:3000', 'sailpost.example:3000'].map(everywhere),
    ).toEqual([true, true, false]);
  });
});

describe('the dev server (Vite)', () => {
  let server: Server;
  let origin: string;
  let stopSpa: () => Promise<void> | void;
  const probeName = `fs-probe-${randomUUID()}`;
  const sandboxProbe = join(repoRoot, '.sandbox', `${probeName}.txt`);
  const envProbeDir = join(repoRoot, 'test', `.${probeName}`);

  beforeAll(async () => {
    await mkdir(join(repoRoot, '.sandbox'), { recursive: true });
    await writeFile(sandboxProbe, 'secret-from-the-sandbox-dir');
    await mkdir(envProbeDir, { recursive: true });
    await writeFile(join(envProbeDir, '.env'), 'OPENAI_API_KEY=secret-from-a-dotenv');
    // The sandbox's own SPA service (Vite in middleware mode, the repo's vite.config.ts) behind
    // its own router, on a server of this test's.
    let handle: RequestListener = () => undefined;
    server = createServer((request, response) => handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    const spa = await startSpa({
      mode: 'vite',
      server,
      log: false,
      uploadOrigin: Promise.resolve('http://127.0.0.1:4569'),
    });
    stopSpa = () => spa.stop();
    handle = routeRequests(spa.routes ?? [], { allowHost: localHostCheck('127.0.0.1') });
  }, 60_000);

  afterAll(async () => {
    await stopSpa?.();
    await new Promise((resolve) => server?.close(resolve));
    await rm(sandboxProbe, { force: true });
    await rm(envProbeDir, { recursive: true, force: true });
  });

  it.each([
    [
      'the JWT secret and DynamoDB files under .sandbox',
      () => sandboxProbe,
      'secret-from-the-sandbox-dir',
    ],
    ['.env files', () => join(envProbeDir, '.env'), 'secret-from-a-dotenv'],
  ])('does not serve %s through /@fs/', async (_, file, secret) => {
    for (const path of [`/@fs${file()}`, `/@fs${file()}?raw`, `/@fs${file()}?import&raw`]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).not.toContain(secret);
    }
  });

  it('still serves the app', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"');
  });
});
