import { join } from 'node:path';
import S3rver from 's3rver';
import s3rverAccounts from 's3rver/lib/models/account.js';
import type { Service } from './service';

/** An S3 emulator (s3rver) for media through presigned URLs, its objects in `<dataDir>/s3`. */
export interface S3 extends Service {
  /** Presigned URLs point here; the browser uploads here too. */
  endpoint: string;
}

/** s3rver's built-in account; the sandbox also registers whatever key id the handlers sign with. */
export const S3_DUMMY_KEY = 'S3RVER';

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

export const startS3 = async (options: {
  dataDir: string;
  host: string;
  bucket: string;
  /** The app's origins, allowed to upload from the browser. */
  origins: readonly string[];
}): Promise<S3> => {
  const s3 = new S3rver({
    address: options.host,
    port: 0,
    silent: true,
    directory: join(options.dataDir, 's3'),
    configureBuckets: [{ name: options.bucket, configs: [corsConfiguration(options.origins)] }],
  });
  const address = await s3.run();
  // s3rver only accepts signatures from access keys it knows (it does not check SigV4 itself).
  for (const keyId of new Set([
    S3_DUMMY_KEY,
    'local',
    process.env.AWS_ACCESS_KEY_ID ?? S3_DUMMY_KEY,
  ])) {
    if (!s3rverAccounts.registry.has(keyId))
      s3rverAccounts.DUMMY_ACCOUNT.createKeyPair(keyId, keyId);
  }
  // The browser uploads here too, so the same host name as the app.
  const host = ['127.0.0.1', '0.0.0.0', '::', 'localhost'].includes(options.host)
    ? 'localhost'
    : options.host;
  return { endpoint: `http://${host}:${address.port}`, stop: () => s3.close() };
};
