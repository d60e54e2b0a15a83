import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, inject, it } from 'vitest';

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
