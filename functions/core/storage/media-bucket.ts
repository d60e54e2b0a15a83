import type { S3Client } from '@aws-sdk/client-s3';
import { config, required } from '../config';
import { lazyAsync } from '../lazy';

/**
 * The private media bucket (the `mediaBucket` binding). The SDK is loaded on first use, never
 * imported at the top (see db/client.ts): a request that touches no media never loads S3.
 * In the sandbox S3_ENDPOINT points at the S3 emulator, addressed path-style (`host/bucket/key`),
 * which is also what the browser's presigned uploads go to.
 */
const client = lazyAsync(async (): Promise<S3Client> => {
  const { S3Client } = await import('@aws-sdk/client-s3');
  const { AWS_REGION, S3_ENDPOINT } = config();
  return new S3Client({
    region: AWS_REGION,
    ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: a presigned request must not carry the checksum of
    // an empty body (the SDK's default since 2025), and the emulator knows none.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

export const mediaBucketName = (): string => required('MEDIA_BUCKET');

export interface StoredObject {
  contentType: string | undefined;
  size: number;
  /** The object's user metadata (`x-amz-meta-*`), by name without the prefix, lower-case. */
  metadata: Record<string, string>;
  /** Its entity tag: what `ifMatch` holds a later read or copy to (this very version). */
  etag: string | undefined;
}

/** True when S3 refused a read or copy because the object is no longer the version named. */
export const isChangedObject = (error: unknown): boolean => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'PreconditionFailed' || $metadata?.httpStatusCode === 412;
};

/** True when S3 answered that there is no such object (or key). */
export const isMissingObject = (error: unknown): boolean => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/** What S3 stored under the key (its real size and type), or null when there is no such object. */
export const headMediaObject = async (key: string): Promise<StoredObject | null> => {
  const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
  try {
    const head = await (
      await client()
    ).send(new HeadObjectCommand({ Bucket: mediaBucketName(), Key: key }));
    return {
      contentType: head.ContentType,
      size: head.ContentLength ?? 0,
      metadata: head.Metadata ?? {},
      etag: head.ETag,
    };
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
};

/** The object's bytes, refusing more than `maxBytes` (it may have changed since it was checked). */
export const readMediaObject = async (key: string, maxBytes: number): Promise<Uint8Array> => {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const object = await (
    await client()
  ).send(new GetObjectCommand({ Bucket: mediaBucketName(), Key: key }));
  if ((object.ContentLength ?? 0) > maxBytes || !object.Body) {
    throw new Error(`The object ${key} is larger than ${maxBytes} bytes or has no body`);
  }
  return object.Body.transformToByteArray();
};

/**
 * The object's first `length` bytes (fewer when it is shorter): enough to tell what a file is
 * without reading all of it. With `ifMatch`, only of that version (S3 answers 412 otherwise).
 */
export const readMediaObjectStart = async (
  key: string,
  length: number,
  ifMatch?: string,
): Promise<Uint8Array> => {
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const object = await (
    await client()
  ).send(
    new GetObjectCommand({
      Bucket: mediaBucketName(),
      Key: key,
      Range: `bytes=0-${length - 1}`,
      ...(ifMatch ? { IfMatch: ifMatch } : {}),
    }),
  );
  const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
  return bytes.subarray(0, length);
};

/**
 * Copies an object within the bucket, replacing its metadata: the copy has the given content
 * type and cache policy and no user metadata. With `ifMatch`, only that version of the source is
 * copied (S3 answers 412 otherwise): what was checked is what is copied.
 */
export const copyMediaObject = async (input: {
  from: string;
  to: string;
  contentType: string;
  cacheControl?: string;
  ifMatch?: string;
}): Promise<void> => {
  const { CopyObjectCommand } = await import('@aws-sdk/client-s3');
  await (
    await client()
  ).send(
    new CopyObjectCommand({
      Bucket: mediaBucketName(),
      CopySource: `${mediaBucketName()}/${input.from.split('/').map(encodeURIComponent).join('/')}`,
      Key: input.to,
      MetadataDirective: 'REPLACE',
      ContentType: input.contentType,
      ...(input.cacheControl ? { CacheControl: input.cacheControl } : {}),
      ...(input.ifMatch ? { CopySourceIfMatch: input.ifMatch } : {}),
    }),
  );
};

/** Writes an object the functions make themselves (a thumbnail), replacing any under the key. */
export const putMediaObject = async (input: {
  key: string;
  body: Uint8Array;
  contentType: string;
  cacheControl?: string;
}): Promise<void> => {
  const { PutObjectCommand } = await import('@aws-sdk/client-s3');
  await (
    await client()
  ).send(
    new PutObjectCommand({
      Bucket: mediaBucketName(),
      Key: input.key,
      Body: input.body,
      ContentType: input.contentType,
      ...(input.cacheControl ? { CacheControl: input.cacheControl } : {}),
    }),
  );
};

export const deleteMediaObject = async (key: string): Promise<void> => {
  const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  await (await client()).send(new DeleteObjectCommand({ Bucket: mediaBucketName(), Key: key }));
};

export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/**
 * A browser upload straight to S3 (a presigned POST) that S3 itself holds to the given key, the
 * exact content type and a size range: the policy is signed, so a browser that sends another
 * type, a bigger file or another key is refused by S3, whatever it told us beforehand.
 */
export const presignMediaUpload = async (input: {
  key: string;
  contentType: string;
  maxBytes: number;
  expiresInSeconds: number;
  /** User metadata the object is stored with (`x-amz-meta-{name}`), held to exactly these values. */
  metadata?: Record<string, string>;
}): Promise<PresignedPost> => {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  const { url, fields } = await createPresignedPost(await client(), {
    Bucket: mediaBucketName(),
    Key: input.key,
    // Every field becomes an exact-match condition too (`{"Content-Type": …}`, `{"key": …}`).
    Conditions: [['content-length-range', 1, input.maxBytes]],
    Fields: {
      'Content-Type': input.contentType,
      ...Object.fromEntries(
        Object.entries(input.metadata ?? {}).map(([name, value]) => [`x-amz-meta-${name}`, value]),
      ),
    },
    Expires: input.expiresInSeconds,
  });
  return { url, fields };
};

/**
 * A short-lived link that reads the object (the browser shows media through these), signed as of
 * `signedAt` (now by default) and working `expiresInSeconds` from then.
 */
export const presignMediaDownload = async (
  key: string,
  expiresInSeconds: number,
  signedAt: Date = new Date(),
): Promise<string> => {
  const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return getSignedUrl(
    await client(),
    new GetObjectCommand({ Bucket: mediaBucketName(), Key: key }),
    { expiresIn: expiresInSeconds, signingDate: signedAt },
  );
};

/**
 * Deletes every object under the prefix (a campaign's or a company's media), a listing page
 * (up to 1,000 keys) at a time. Safe to repeat: a second run finds nothing. Returns how many it
 * deleted.
 */
export const deleteMediaObjectsUnder = async (prefix: string): Promise<number> => {
  if (!prefix.endsWith('/')) throw new Error(`A media prefix ends with "/": ${prefix}`);
  const { ListObjectsV2Command, DeleteObjectsCommand } = await import('@aws-sdk/client-s3');
  const s3 = await client();
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({
        Bucket: mediaBucketName(),
        Prefix: prefix,
        ContinuationToken: token,
      }),
    );
    const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    if (keys.length) {
      const result = await s3.send(
        new DeleteObjectsCommand({
          Bucket: mediaBucketName(),
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (result.Errors?.length) {
        throw new Error(
          `S3 kept ${result.Errors.length} object(s) under ${prefix}: ${result.Errors[0]?.Code}`,
        );
      }
      deleted += keys.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
};
