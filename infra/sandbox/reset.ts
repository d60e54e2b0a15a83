/**
 * `npm run sandbox:reset`: deletes `.sandbox/` (DynamoDB data, media, schedules, the JWT secret),
 * so the next `npm start` begins empty. Refuses while a sandbox is running on it.
 */
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defaultDataDir, liveLock, repoRoot } from './lock';

const DESCRIPTIONS: Record<string, string> = {
  dynamodb: 'DynamoDB Local data (accounts, companies, posts, the outbox)',
  s3: 'uploaded media (the S3 emulator)',
  'jwt-secret': 'the JWT signing secret (everyone is signed out)',
  'schedules.json': 'the sandbox scheduler’s one-time schedules, pending and past',
  'social-providers.json':
    'the X and LinkedIn stand-ins’ grants, tokens and posts (connected accounts must reconnect)',
  'social-media': 'images and videos uploaded to the X and LinkedIn stand-ins',
  'analytics.json': 'the events the GA4 stand-in received',
  'sandbox.lock': 'a stale lock from a sandbox that did not stop cleanly',
};

const sizeOf = (path: string): number => {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((total, name) => total + sizeOf(join(path, name)), 0);
};

const formatSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

const dataDir = defaultDataDir;
const shown = relative(repoRoot, dataDir) || dataDir;

if (!existsSync(dataDir)) {
  console.log(`Nothing to clear: ${shown}/ does not exist.`);
  process.exit(0);
}

const running = liveLock(dataDir);
if (running) {
  console.error(
    `A sandbox is running on ${shown}/ (pid ${running.pid}${running.url ? `, ${running.url}` : ''}). Stop it (Ctrl-C in its terminal), then run npm run sandbox:reset again.`,
  );
  process.exit(1);
}

const entries = readdirSync(dataDir).map((name) => {
  let size = '';
  try {
    size = ` (${formatSize(sizeOf(join(dataDir, name)))})`;
  } catch {
    // The size is only informative.
  }
  return { name, size };
});
rmSync(dataDir, { recursive: true, force: true });
if (!entries.length) {
  console.log(`Removed the empty ${shown}/ directory.`);
} else {
  console.log(`Cleared ${shown}/:`);
  for (const { name, size } of entries) {
    console.log(`  - ${name}${size}: ${DESCRIPTIONS[name] ?? 'other sandbox files'}`);
  }
  console.log('The next npm start begins with an empty sandbox.');
}
