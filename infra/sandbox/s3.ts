import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';
import { readBodyWithin } from './responses';
import { checkPostPolicy } from './s3-post-policy';
import type { Service } from './service';

/**
 * An S3 emulator (s3rver) for media through presigned URLs, its objects in `<dataDir>/s3`, behind
 * a small front that makes the checks of browser uploads (POST with a signed policy) s3rver does
 * not make (s3-post-policy.ts). Everything else passes through to s3rver unchanged.
 */
export interface S3 extends Service {
  /** Presigned URLs point here; the browser uploads here too. */
  endpoint: string;
}

/** s3rver's built-in account; the sandbox also registers whatever key id the handlers sign with. */
export const S3_DUMMY_KEY = 'S3RVER';

/** The largest POST upload the front buffers (S3 takes up to 5 GB; no platform takes more than this). */
const MAX_POST_BYTES = 512 * 1024 * 1024;

const corsConfiguration = (origins: readonly string[]): string => `<CORSConfiguration>
  <CORSRule>
${origins.map((origin) => `    <AllowedOrigin>${origin}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** S3's error document; with CORS headers for an allowed origin, so the browser can read it. */
const sendS3Error = (
  response: ServerResponse,
  origin: string | undefined,
  error: { status: number; code: string; message: string },
) => {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${escapeXml(error.code)}</Code><Message>${escapeXml(error.message)}</Message></Error>`;
  response.writeHead(error.status, {
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(body),
    ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
  });
  response.end(body);
};

/** The bucket of a path-style POST upload (`POST /bucket`, no sub-resource), or undefined. */
const uploadBucket = (request: IncomingMessage): string | undefined => {
  if (request.method !== 'POST') return undefined;
  const url = new URL(request.url ?? '/', 'http://s3');
  const match = /^\/([^/]+)\/?$/.exec(url.pathname);
  if (!match || url.search) return undefined;
  return /^multipart\/form-data/i.test(request.headers['content-type'] ?? '')
    ? decodeURIComponent(match[1]!)
    : undefined;
};

/** The form's fields before the file (lower-cased names) and the file's size, as S3 reads them. */
const readForm = async (
  body: Buffer,
  contentType: string,
): Promise<{ fields: Map<string, string>; fileSize: number } | null> => {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    return null;
  }
  const fields = new Map<string, string>();
  let fileSize: number | undefined;
  for (const [name, value] of form) {
    const field = name.toLowerCase();
    if (field === 'file') {
      fileSize = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
      // S3 ignores whatever follows the file.
      break;
    }
    if (typeof value === 'string') fields.set(field, value);
  }
  return fileSize === undefined ? null : { fields, fileSize };
};

/** Passes a request (its body already read, or still to be streamed) on to s3rver. */
const forward = (
  request: IncomingMessage,
  response: ServerResponse,
  target: AddressInfo,
  body?: Buffer,
) => {
  const outgoing = httpRequest(
    {
      host: target.address,
      port: target.port,
      method: request.method,
      path: request.url,
      // Unchanged, Host included: s3rver reads the bucket and signatures from them.
      headers: request.headers,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(response);
    },
  );
  outgoing.on('error', (error) => {
    if (!response.headersSent) {
      sendS3Error(response, undefined, {
        status: 502,
        code: 'InternalError',
        message: error.message,
      });
    } else response.destroy(error);
  });
  if (body) outgoing.end(body);
  else request.pipe(outgoing);
};

export const startS3 = async (options: {
  dataDir: string;
  host: string;
  bucket: string;
  /** The app's origins, allowed to upload from the browser. */
  origins: readonly string[];
}): Promise<S3> => {
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(options.dataDir, 's3'),
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration(options.origins)] }],
  });
  const emulator = await s3.run();
  // s3rver only accepts signatures from access keys it knows (it does not check SigV4 itself);
  // the front checks POST policies with the same keys' secrets.
  const secrets = new Map<string, string>([
    [S3_DUMMY_KEY, S3_DUMMY_KEY],
    ['local', 'local'],
  ]);
  if (process.env.AWS_ACCESS_KEY_ID && !secrets.has(process.env.AWS_ACCESS_KEY_ID)) {
    secrets.set(
      process.env.AWS_ACCESS_KEY_ID,
      process.env.AWS_SECRET_ACCESS_KEY ?? process.env.AWS_ACCESS_KEY_ID,
    );
  }
  for (const [keyId, secret] of secrets) {
    if (!s3rverAccounts.registry.has(keyId))
      s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(keyId, secret);
  }

  const front = createServer((request, response) => {
    const bucket = uploadBucket(request);
    if (!bucket) {
      forward(request, response, emulator);
      return;
    }
    const origin = options.origins.includes(request.headers.origin ?? '')
      ? request.headers.origin
      : undefined;
    void (async () => {
      const body = await readBodyWithin(request, MAX_POST_BYTES);
      if (!body) {
        sendS3Error(response, origin, {
          status: 400,
          code: 'EntityTooLarge',
          message: 'Your proposed upload exceeds the maximum allowed size',
        });
        return;
      }
      const form = await readForm(body, request.headers['content-type']!);
      if (!form) {
        sendS3Error(response, origin, {
          status: 400,
          code: 'MalformedPOSTRequest',
          message: 'The body of your POST request is not well-formed multipart/form-data.',
        });
        return;
      }
      const verdict = checkPostPolicy(
        { bucket, ...form },
        { secretFor: (keyId) => secrets.get(keyId) },
      );
      if (!verdict.ok) sendS3Error(response, origin, verdict);
      else forward(request, response, emulator, body);
    })().catch((error: unknown) => {
      if (!response.headersSent) {
        sendS3Error(response, origin, {
          status: 500,
          code: 'InternalError',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    });
  });
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    front.once('error', reject);
    front.listen(0, options.host, () => resolve(front.address() as AddressInfo));
  });

  // The browser uploads here too, so the same host name as the app.
  const host = ['127.0.0.1', '0.0.0.0', '::', 'localhost'].includes(options.host)
    ? 'localhost'
    : options.host;
  return {
    endpoint: `http://${host}:${address.port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        front.closeAllConnections();
      });
      await s3.close();
    },
  };
};
