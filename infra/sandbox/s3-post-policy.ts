import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * S3's checks of a browser-based upload (POST Object with a signed policy), which the sandbox's
 * S3 emulator (s3rver 3) does not make: it stores any POST, ignoring the policy. The sandbox puts
 * this in front of it so that an upload the policy forbids (another content type, a bigger file,
 * another key, an expired or altered policy) is refused locally as S3 refuses it in AWS.
 *
 * Follows https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html:
 * the policy is base64 JSON `{ expiration, conditions }`, signed with SigV4 (the signature is the
 * HMAC of the base64 policy with the signing key of the credential's scope); every condition must
 * hold; every form field except `policy`, `x-amz-signature`, `file` and `x-ignore-*` must be
 * named by a condition. Field names compare case-insensitively, as S3 does.
 */

export interface PostUpload {
  /** The bucket of the URL posted to. */
  bucket: string;
  /** The form fields before the file, by lower-cased name. */
  fields: ReadonlyMap<string, string>;
  /** The file's size in bytes. */
  fileSize: number;
}

export type PolicyVerdict =
  { ok: true } | { ok: false; status: 400 | 403; code: string; message: string };

const refuse = (status: 400 | 403, code: string, message: string): PolicyVerdict => ({
  ok: false,
  status,
  code,
  message,
});

const policyFailed = (condition: unknown) =>
  refuse(
    403,
    'AccessDenied',
    `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`,
  );

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** SigV4's signing key: the secret, narrowed to the date, region and service of the scope. */
const signingKey = (secret: string, date: string, region: string, service: string) =>
  hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');

const sameHex = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
};

/** The fields a policy never has to name. */
const isExempt = (name: string) =>
  ['policy', 'x-amz-signature', 'file'].includes(name) || name.startsWith('x-ignore-');

type Condition = Record<string, unknown> | unknown[];

/**
 * Checks one condition; answers the names of the fields it covers, or a refusal.
 */
const checkCondition = (
  condition: Condition,
  upload: PostUpload,
): { covers: string[] } | PolicyVerdict => {
  // The bucket is the one posted to, whatever a `bucket` field says.
  const valueOf = (name: string) => (name === 'bucket' ? upload.bucket : upload.fields.get(name));
  if (!Array.isArray(condition)) {
    const entries = Object.entries(condition);
    if (entries.length !== 1) return policyFailed(condition);
    const [name, expected] = entries[0]!;
    const field = name.toLowerCase();
    if (valueOf(field) !== expected) return policyFailed(condition);
    return { covers: [field] };
  }
  const [operator, subject, value, ...rest] = condition;
  if (rest.length) return policyFailed(condition);
  if (operator === 'content-length-range') {
    const [min, max] = [Number(subject), Number(value)];
    if (!Number.isFinite(min) || !Number.isFinite(max)) return policyFailed(condition);
    if (upload.fileSize > max) {
      return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    }
    if (upload.fileSize < min) {
      return refuse(
        400,
        'EntityTooSmall',
        'Your proposed upload is smaller than the minimum allowed size',
      );
    }
    return { covers: [] };
  }
  if (typeof subject !== 'string' || !subject.startsWith('$') || typeof value !== 'string') {
    return policyFailed(condition);
  }
  const field = subject.slice(1).toLowerCase();
  const actual = valueOf(field) ?? '';
  const operation = String(operator).toLowerCase();
  if (operation === 'eq' && actual === value) return { covers: [field] };
  if (operation === 'starts-with' && actual.startsWith(value)) return { covers: [field] };
  return policyFailed(condition);
};

/** S3's verdict on a POST upload: signature, expiry, each condition, and no unnamed field. */
export const checkPostPolicy = (
  upload: PostUpload,
  options: { secretFor: (accessKeyId: string) => string | undefined; now?: Date },
): PolicyVerdict => {
  const { fields } = upload;
  const policy = fields.get('policy');
  // The bucket is private: only a signed policy may upload.
  if (!policy) return refuse(403, 'AccessDenied', 'Access Denied');

  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') {
    return refuse(400, 'InvalidArgument', 'Only AWS4-HMAC-SHA256 signed policies are supported');
  }
  const [accessKeyId, date, region, service, terminator, ...extra] = (
    fields.get('x-amz-credential') ?? ''
  ).split('/');
  if (
    !accessKeyId ||
    !date ||
    !region ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    extra.length
  ) {
    return refuse(400, 'InvalidArgument', 'The x-amz-credential field is malformed');
  }
  const secret = options.secretFor(accessKeyId);
  if (secret === undefined) {
    return refuse(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  const expected = hmac(signingKey(secret, date, region, service), policy).toString('hex');
  if (!sameHex(fields.get('x-amz-signature') ?? '', expected)) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided.',
    );
  }

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration =
    typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
  if (!Number.isFinite(expiration) || !Array.isArray(document.conditions)) {
    return refuse(
      400,
      'InvalidPolicyDocument',
      'Invalid Policy: expiration and conditions are required.',
    );
  }
  if (expiration <= (options.now ?? new Date()).getTime()) {
    return refuse(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
  }

  const covered = new Set<string>();
  for (const condition of document.conditions as Condition[]) {
    if (!condition || typeof condition !== 'object') return policyFailed(condition);
    const outcome = checkCondition(condition, upload);
    if ('ok' in outcome) return outcome;
    for (const field of outcome.covers) covered.add(field);
  }
  const unnamed = [...fields.keys()].filter((name) => !isExempt(name) && !covered.has(name));
  if (unnamed.length) {
    return refuse(
      403,
      'AccessDenied',
      `Invalid according to Policy: Extra input fields: ${unnamed.join(', ')}`,
    );
  }
  return { ok: true };
};
