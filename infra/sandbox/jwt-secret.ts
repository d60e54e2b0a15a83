import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret generated once per data directory (64 random bytes, hex, in a file of mode 0600) and
 * reused afterwards, so sessions and stored tokens survive a restart of the sandbox.
 */
const loadGeneratedSecret = async (dataDir: string, fileName: string): Promise<string> => {
  const path = join(dataDir, fileName);
  try {
    const secret = (await readFile(path, 'utf8')).trim();
    if (/^[0-9a-f]{64,}$/.test(secret)) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(64).toString('hex');
  await writeFile(path, `${secret}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
  return secret;
};

/** The access tokens' signing key (the `tokenKey` secret). */
export const loadJwtSecret = (dataDir: string): Promise<string> =>
  loadGeneratedSecret(dataDir, 'jwt-secret');

/**
 * The key social account tokens are encrypted with (the `credentialKey` secret). Losing the file
 * (`npm run sandbox:reset` removes the data folder with it) makes stored tokens unreadable, which
 * is why it lives beside the table's data.
 */
export const loadCredentialKey = (dataDir: string): Promise<string> =>
  loadGeneratedSecret(dataDir, 'credential-key');

/**
 * The signing secret of the Stripe stand-in's webhook events, in Stripe's form (`whsec_…`): the
 * stand-in signs with it and the webhook checks with it, as Stripe and the app share an endpoint's.
 */
export const loadStripeWebhookSecret = async (dataDir: string): Promise<string> =>
  `whsec_${(await loadGeneratedSecret(dataDir, 'stripe-webhook-secret')).slice(0, 64)}`;
