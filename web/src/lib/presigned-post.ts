/**
 * Uploads a file straight to S3 through a presigned POST (the API never carries the bytes).
 * XMLHttpRequest rather than fetch: only it reports upload progress in every browser.
 */

export interface PresignedPost {
  url: string;
  /** The policy's form fields; S3 wants them before the file. */
  fields: Readonly<Record<string, string>>;
}

/** What a failed upload says when neither the API nor S3 said why. */
export const UPLOAD_FAILED = "The upload didn't finish. Check your connection and try again.";

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    /** HTTP status of S3's answer; 0 when none arrived (offline, blocked, CORS). */
    readonly status: number,
    /** S3's error code (`EntityTooLarge`, `AccessDenied`), when its XML body names one. */
    readonly code: string | undefined,
  ) {
    super(status ? `The upload was refused (${code ?? status})` : 'The upload did not finish');
  }
}

interface UploadOptions {
  /** Called as bytes leave, with the share sent (0 to 1). */
  onProgress?: (sent: number) => void;
  /** Aborting stops the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

const s3ErrorCode = (body: string): string | undefined => /<Code>([^<]+)<\/Code>/.exec(body)?.[1];

export const uploadToPresignedPost = (
  post: PresignedPost,
  file: Blob,
  { onProgress, signal }: UploadOptions = {},
): Promise<void> =>
  new Promise((resolve, reject) => {
    const aborted = () => new DOMException('The upload was stopped', 'AbortError');
    if (signal?.aborted) return reject(aborted());

    const form = new FormData();
    for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
    // S3 ignores every field after the file.
    form.append('file', file);

    const request = new XMLHttpRequest();
    const onAbortSignal = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      settle();
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(new UploadError(request.status, s3ErrorCode(String(request.responseText ?? ''))));
      }
    });
    request.addEventListener('error', () => {
      settle();
      reject(new UploadError(0, undefined));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(aborted());
    });
    signal?.addEventListener('abort', onAbortSignal);

    request.open('POST', post.url);
    request.send(form);
  });
