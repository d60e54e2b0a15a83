import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_WEBSITE_MESSAGE as PRIVATE_WEBSITE } from '#shared/contract/companies';
import { fetchPublicPage, isPublicAddress, WEBSITE_ERROR_PAGE } from './safe-fetch';

const listen = async (handler: Parameters<typeof createServer>[1]) => {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111'])('accepts public %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.4.1',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    // IPv4-compatible (::/96): the embedded IPv4 address to stacks that still map them.
    '::7f00:1',
    '::127.0.0.1',
    '::a9fe:a9fe',
    '::8.8.8.8',
    '::',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
  ])('refuses private, loopback, link-local or special %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('fetchPublicPage', () => {
  let site: { server: Server; origin: string };
  let hidden: { server: Server; origin: string };

  beforeAll(async () => {
    hidden = await listen((_, res) => res.end('<html><title>internal admin</title></html>'));
    site = await listen((req, res) => {
      if (req.url === '/to-private') {
        res.writeHead(302, { location: `${hidden.origin}/` }).end();
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html><body><p>${'a'.repeat(2 * 1024 * 1024)}</p></body></html>`);
      } else if (req.url === '/slow') {
        // never answers
      } else if (req.url === '/gzip') {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-encoding': 'gzip',
        });
        res.end(gzipSync('<html><title>Zipped</title></html>'));
      } else if (req.url === '/image') {
        res.writeHead(200, { 'content-type': 'image/png' }).end('png');
      } else if (req.url === '/missing') {
        res.writeHead(404, { 'content-type': 'text/html' }).end('nope');
      } else if (req.url === '/moved') {
        res.writeHead(301, { location: '/gzip' }).end();
      } else {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><title>Harbor Coffee</title></html>');
      }
    });
  });
  afterAll(() => {
    site.server.closeAllConnections();
    site.server.close();
    hidden.server.close();
  });

  const allowed = () => ({ allowOrigins: [site.origin] });

  it('reads an allowed page', async () => {
    const page = await fetchPublicPage(`${site.origin}/`, allowed());
    expect(page.html).toContain('Harbor Coffee');
    expect(page.truncated).toBe(false);
  });

  it('refuses loopback, private and link-local addresses, by IP or by name', async () => {
    for (const url of [
      `${site.origin}/`,
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://localhost/',
    ]) {
      await expect(fetchPublicPage(url, { timeoutMs: 2000 }), url).rejects.toMatchObject({
        code: 'WEBSITE_PRIVATE',
        message: PRIVATE_WEBSITE,
        fields: { website: PRIVATE_WEBSITE },
      });
    }
  });

  it('refuses a redirect to a private address', async () => {
    await expect(fetchPublicPage(`${site.origin}/to-private`, allowed())).rejects.toMatchObject({
      code: 'WEBSITE_PRIVATE',
      message: PRIVATE_WEBSITE,
    });
  });

  it('follows redirects and decompresses', async () => {
    const page = await fetchPublicPage(`${site.origin}/moved`, allowed());
    expect(page.url).toBe(`${site.origin}/gzip`);
    expect(page.html).toContain('Zipped');
  });

  it('reads at most 1 MB', async () => {
    const page = await fetchPublicPage(`${site.origin}/big`, allowed());
    expect(page.truncated).toBe(true);
    expect(Buffer.byteLength(page.html)).toBeLessThanOrEqual(1024 * 1024);
  });

  it('gives up after the time-out', async () => {
    const started = Date.now();
    await expect(
      fetchPublicPage(`${site.origin}/slow`, { ...allowed(), timeoutMs: 300 }),
    ).rejects.toMatchObject({
      code: 'WEBSITE_UNREADABLE',
      message: 'The website took too long to answer',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses non-http schemes, non-pages and error answers', async () => {
    const invalid = {
      code: 'WEBSITE_INVALID',
      message: 'Please enter a valid website address, like https://example.com',
    };
    await expect(fetchPublicPage('file:///etc/passwd')).rejects.toMatchObject(invalid);
    await expect(fetchPublicPage('ftp://example.com/')).rejects.toMatchObject(invalid);
    await expect(fetchPublicPage(`${site.origin}/image`, allowed())).rejects.toMatchObject({
      code: 'WEBSITE_UNREADABLE',
      message: 'The address does not point to a web page',
    });
    await expect(fetchPublicPage(`${site.origin}/missing`, allowed())).rejects.toMatchObject({
      code: 'WEBSITE_UNREADABLE',
      message: WEBSITE_ERROR_PAGE,
    });
  });
});
