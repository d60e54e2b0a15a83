import { describe, expect, it, vi } from 'vitest';
import { installFakeXhr } from '../test/fake-xhr';
import { UploadError, uploadToPresignedPost } from './presigned-post';

const POST = { url: 'https://media.example/bucket', fields: { key: 'k/1.png', Policy: 'p' } };
const photo = () => new File(['png'], 'photo.png', { type: 'image/png' });

describe('uploadToPresignedPost', () => {
  it('posts the fields, then the file, and reports progress', async () => {
    const requests = installFakeXhr();
    const onProgress = vi.fn();
    const done = uploadToPresignedPost(POST, photo(), { onProgress });
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(POST.url);
    expect(request!.formEntries()).toEqual([
      ['key', 'k/1.png'],
      ['Policy', 'p'],
      ['file', 'file:photo.png'],
    ]);
    request!.progress(50, 200);
    expect(onProgress).toHaveBeenLastCalledWith(0.25);
    request!.respond(204);
    await expect(done).resolves.toBeUndefined();
    expect(onProgress).toHaveBeenLastCalledWith(1);
  });

  it("rejects with S3's error code, or status 0 without an answer", async () => {
    const requests = installFakeXhr();
    const refused = uploadToPresignedPost(POST, photo());
    requests[0]!.respond(
      400,
      '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Too big</Message></Error>',
    );
    await expect(refused).rejects.toMatchObject({ status: 400, code: 'EntityTooLarge' });

    const lost = uploadToPresignedPost(POST, photo());
    requests[1]!.failNetwork();
    await expect(lost).rejects.toBeInstanceOf(UploadError);
    await expect(lost).rejects.toMatchObject({ status: 0 });
  });

  it('stops when its signal aborts', async () => {
    const requests = installFakeXhr();
    const controller = new AbortController();
    const upload = uploadToPresignedPost(POST, photo(), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests[0]!.aborted).toBe(true);
  });
});
