import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '#infra/sandbox/service';
import { startSpa, type SpaMode } from '#infra/sandbox/spa';
import { securityHeaders } from '../../web/build/security-headers';

/**
 * Both modes of the sandbox's web app — Vite (`npm start`) and the built app (`--spa=dist`) —
 * answer with the security headers CloudFront adds (web/build/security-headers.ts), on the page
 * and on an asset alike; Strict-Transport-Security is left out, the sandbox being http.
 */

/** A built app of this test's: a page and one hashed asset. */
const builtDir = mkdtempSync(join(tmpdir(), 'sailpost-headers-dist-'));
mkdirSync(join(builtDir, 'assets'));
writeFileSync(join(builtDir, 'index.html'), '<!doctype html><div id="root"></div>');
writeFileSync(join(builtDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');

/** The expected headers but the policy, whose value differs per mode (a nonce, or hashes). */
const { 'content-security-policy': _policy, ...EXPECTED } = securityHeaders({
  contentSecurityPolicy: '',
  https: false,
});

const started: { server: Server; spa: Service }[] = [];
afterAll(async () => {
  for (const { server, spa } of started) {
    await spa.stop();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(builtDir, { recursive: true, force: true });
});

const startMode = async (mode: SpaMode): Promise<string> => {
  const server = createServer();
  const spa = await startSpa({
    mode,
    server,
    log: false,
    uploadOrigin: Promise.resolve('http://127.0.0.1:4569'),
    builtDir,
  });
  started.push({ server, spa });
  const handle = spa.routes![0]!.handle;
  server.on('request', (request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The security headers of an answer (the names the definition and HSTS use). */
const headersOf = async (url: string, accept: string) => {
  const response = await fetch(url, { headers: { accept } });
  expect(response.status, url).toBe(200);
  await response.arrayBuffer();
  const names = [...Object.keys(EXPECTED), 'strict-transport-security'];
  return {
    headers: Object.fromEntries(
      names.flatMap((name) => {
        const value = response.headers.get(name);
        return value === null ? [] : [[name, value]];
      }),
    ),
    policy: response.headers.get('content-security-policy'),
  };
};

describe.each([
  ['Vite (npm start)', 'vite' as const, '/favicon.svg'],
  ['the built app (--spa=dist)', 'dist' as const, '/assets/app-1a2b3c.js'],
])('the sandbox web app with %s', { timeout: 120_000 }, (_, mode, asset) => {
  let origin: string;
  beforeAll(async () => {
    origin = await startMode(mode);
  }, 120_000);

  it.each([
    ['the page', '/', 'text/html'],
    ['an asset', asset, '*/*'],
  ])('answers %s with the security headers CloudFront adds, but HSTS', async (_, path, accept) => {
    const { headers, policy } = await headersOf(`${origin}${path}`, accept);
    expect(headers).toEqual(EXPECTED);
    // The policy, whose script sources differ per mode (a nonce, or the build's hashes).
    expect(policy).toMatch(/^default-src 'self'; script-src 'self'[ ;]/);
  });
});
