import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSpa } from '#infra/sandbox/spa';
import type { Service } from '#infra/sandbox/service';

/**
 * The sandbox's dev server (Vite) sends the same policy as CloudFront, with a fresh nonce per
 * answer for Vite's inline preamble instead of the build's hashes. (The built app's policy in the
 * sandbox is checked in the browser tests, which serve web/dist.)
 */
/** Where the browser uploads media in this test (the S3 emulator's origin in the sandbox). */
const UPLOADS = 'http://127.0.0.1:4569';

describe('the sandbox SPA service with Vite', { timeout: 120_000 }, () => {
  let server: Server;
  let spa: Service;
  let origin: string;

  beforeAll(async () => {
    server = createServer();
    spa = await startSpa({
      mode: 'vite',
      server,
      log: false,
      uploadOrigin: Promise.resolve(UPLOADS),
    });
    const handle = spa.routes![0]!.handle;
    server.on('request', (request, response) => void handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await spa?.stop();
    await new Promise((resolve) => server?.close(resolve));
  });

  const load = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${origin}${path}`, {
      headers: { accept: 'text/html', ...headers },
    });
    return {
      status: response.status,
      policy: response.headers.get('content-security-policy') ?? '',
      etag: response.headers.get('etag'),
      html: await response.text(),
    };
  };

  const scriptSources = (policy: string) =>
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')!
      .slice(1);

  it('answers / with a strict policy whose nonce is on every inline script of that answer', async () => {
    const { status, policy, html } = await load('/');
    expect(status).toBe(200);
    const sources = scriptSources(policy);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(
      sources.find((s) => s.startsWith("'nonce-"))!,
    )?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain("object-src 'none'");
    // Media uploads go from the browser straight to S3 (the emulator here).
    expect(policy).toMatch(new RegExp(`connect-src [^;]*${UPLOADS.replace(/[.:/]/g, '\\$&')}`));
    expect(policy).toContain("frame-ancestors 'none'");

    const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1]!);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}"`);
    expect(html).not.toContain('sailpostCspNonce');
  });

  it('gives every answer its own nonce, and never a 304 with a stale one', async () => {
    const first = await load('/login');
    const second = await load('/login', first.etag ? { 'if-none-match': first.etag } : {});
    expect(second.status).toBe(200);
    expect(scriptSources(second.policy)).not.toEqual(scriptSources(first.policy));
  });
});
