import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is infra/sandbox/lock.ts). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Where `npm start` keeps DynamoDB data, media and the JWT secret; `npm run sandbox:reset` removes it. */
export const defaultDataDir = join(repoRoot, '.sandbox');

/**
 * Written into the data directory while a sandbox runs, so a second sandbox on the same data and
 * `sandbox:reset` can refuse, and a sandbox killed hard (SIGKILL) can be cleaned up after.
 */
export interface SandboxLock {
  pid: number;
  url?: string;
  startedAt: string;
  /** DynamoDB Local's java process: killed on the next start if the sandbox that owned it died. */
  dynamoDbPid?: number;
}

export const lockPath = (dataDir: string): string => join(dataDir, 'sandbox.lock');

export const readLock = (dataDir: string): SandboxLock | undefined => {
  try {
    const lock = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as Partial<SandboxLock>;
    return typeof lock.pid === 'number' ? (lock as SandboxLock) : undefined;
  } catch {
    return undefined;
  }
};

export const writeLock = (dataDir: string, lock: SandboxLock): void => {
  writeFileSync(lockPath(dataDir), `${JSON.stringify(lock, null, 2)}\n`);
};

export const removeLock = (dataDir: string): void => {
  rmSync(lockPath(dataDir), { force: true });
};

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The lock of a sandbox that is still running (another process), or undefined when free or stale. */
export const liveLock = (dataDir: string): SandboxLock | undefined => {
  const lock = readLock(dataDir);
  return lock && lock.pid !== process.pid && isAlive(lock.pid) ? lock : undefined;
};

/** Whether `pid` is a DynamoDB Local java process (so a recycled pid is never killed by mistake). */
export const isDynamoDbLocal = (pid: number): boolean => {
  if (!isAlive(pid)) return false;
  try {
    const command = execFileSync('ps', ['-p', String(pid), '-o', 'command='], { encoding: 'utf8' });
    return command.includes('DynamoDBLocal');
  } catch {
    return false;
  }
};
