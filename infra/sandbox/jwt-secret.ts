import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Generated once per data directory (64 random bytes, hex, mode 0600) and reused afterwards. */
export const loadJwtSecret = async (dataDir: string): Promise<string> => {
  const path = join(dataDir, 'jwt-secret');
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
