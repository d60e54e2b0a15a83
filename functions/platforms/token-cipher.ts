import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readDeclaredSecret } from '../core/secrets';

/**
 * Tokens of connected accounts are stored encrypted: AES-256-GCM (node:crypto), a fresh 96-bit IV
 * per value, and as additional authenticated data the item and field the value belongs to, so a
 * ciphertext copied onto another credential (or into another field) does not decrypt there.
 *
 * The 256-bit data key is derived with HKDF-SHA256 from the `credentialKey` secret (Secrets
 * Manager in AWS, a generated file in the sandbox's data folder). A stored value reads
 * `v1.<iv>.<tag>.<ciphertext>` (base64url): the version names the key and the format, so a
 * future key can be introduced beside this one and values re-encrypted lazily.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The data key, derived from the secret (whose read is cached per container; HKDF takes µs). */
const dataKey = async (): Promise<Buffer> =>
  Buffer.from(
    hkdfSync(
      'sha256',
      await readDeclaredSecret('credentialKey'),
      'sailpost',
      'platform credential tokens v1',
      32,
    ),
  );

/** What a ciphertext is bound to: which credential (or OAuth state) and which field of it. */
export type CipherContext = string;

export const encryptToken = async (plain: string, context: CipherContext): Promise<string> => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await dataKey(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
};

/** A stored value that does not decrypt: tampered, moved, or written under another key. */
export class TokenUnreadable extends Error {
  constructor(reason: string) {
    super(`A stored token cannot be decrypted: ${reason}`);
    this.name = 'TokenUnreadable';
  }
}

export const decryptToken = async (stored: string, context: CipherContext): Promise<string> => {
  const [version, iv, tag, body, ...rest] = stored.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) {
    throw new TokenUnreadable('unknown format');
  }
  const decipher = createDecipheriv('aes-256-gcm', await dataKey(), Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    // GCM's tag check failed; the reason (wrong key, other item, altered bytes) is not knowable.
    throw new TokenUnreadable('authentication failed');
  }
};
