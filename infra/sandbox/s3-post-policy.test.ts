import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPostPolicy, type PostUpload } from './s3-post-policy';

/** The policy check against policies the real SDK signs (what the platforms endpoints hand out). */
describe('checkPostPolicy', () => {
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: 'http://localhost:9000',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  let fields: Record<string, string>;
  const secretFor = (keyId: string) => (keyId === 'S3RVER' ? 'S3RVER' : undefined);

  beforeAll(async () => {
    ({ fields } = await createPresignedPost(s3, {
      Bucket: 'media',
      Key: 'post-media/company-1/photo.png',
      Conditions: [['content-length-range', 1, 1000]],
      Fields: { 'Content-Type': 'image/png' },
      Expires: 600,
    }));
  });
  afterAll(() => s3.destroy());

  const upload = (changes: Record<string, string | undefined> = {}, fileSize = 500): PostUpload => {
    const all = new Map(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) all.delete(name);
      else all.set(name, value);
    }
    return { bucket: 'media', fields: all, fileSize };
  };

  it('accepts the upload the policy was signed for', () => {
    expect(checkPostPolicy(upload(), { secretFor })).toEqual({ ok: true });
  });

  it('refuses a bigger or an empty file as S3 does', () => {
    expect(checkPostPolicy(upload({}, 1001), { secretFor })).toMatchObject({
      ok: false,
      status: 400,
      code: 'EntityTooLarge',
    });
    expect(checkPostPolicy(upload({}, 0), { secretFor })).toMatchObject({
      status: 400,
      code: 'EntityTooSmall',
    });
  });

  it('refuses another content type, another key or another bucket', () => {
    expect(checkPostPolicy(upload({ 'content-type': 'image/gif' }), { secretFor })).toMatchObject({
      status: 403,
      code: 'AccessDenied',
      message: expect.stringContaining('Policy Condition failed'),
    });
    expect(
      checkPostPolicy(upload({ key: 'post-media/company-2/photo.png' }), { secretFor }),
    ).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(checkPostPolicy({ ...upload(), bucket: 'other' }, { secretFor })).toMatchObject({
      status: 403,
    });
  });

  it('refuses a field the policy does not name, an altered policy and an expired one', () => {
    expect(checkPostPolicy(upload({ acl: 'public-read' }), { secretFor })).toMatchObject({
      status: 403,
      message: expect.stringContaining('Extra input fields: acl'),
    });
    const document = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString()) as {
      conditions: unknown[];
    };
    document.conditions = document.conditions.map((condition) =>
      Array.isArray(condition) && condition[0] === 'content-length-range'
        ? ['content-length-range', 1, 10 ** 9]
        : condition,
    );
    const widened = Buffer.from(JSON.stringify(document)).toString('base64');
    expect(checkPostPolicy(upload({ policy: widened }, 5000), { secretFor })).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(
      checkPostPolicy(upload(), { secretFor, now: new Date(Date.now() + 11 * 60_000) }),
    ).toMatchObject({ status: 403, message: 'Invalid according to Policy: Policy expired.' });
  });

  it('refuses an upload without a policy, or signed with an unknown key', () => {
    expect(checkPostPolicy(upload({ policy: undefined }), { secretFor })).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    expect(checkPostPolicy(upload(), { secretFor: () => undefined })).toMatchObject({
      status: 403,
      code: 'InvalidAccessKeyId',
    });
  });
});
