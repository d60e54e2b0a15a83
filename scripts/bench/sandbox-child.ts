import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Environment } from '#functions/core/environment';

const ENTRY = path.join(import.meta.dirname, 'sandbox-process.ts');
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

export interface BenchSandbox {
  /** The app's origin, e.g. `http://localhost:41234`. */
  url: string;
  dynamoDbEndpoint: string;
  dataDir: string;
  /** The environment each function (endpoint group or job) runs with in this sandbox, by name. */
  environments: Readonly<Record<string, Environment>>;
  stop(): Promise<void>;
}

/**
 * Starts sandbox-process.ts in a child process and waits for its ready line. Its data directory is
 * made in the system's temporary directory, or with `ramDisk` on the RAM disk where there is one
 * (as the API tests' sandbox does): DynamoDB Local commits every write to its file, and a burst of
 * writes then waits on the disk rather than on the code being measured.
 */
export const startBenchSandbox = (
  spa: 'none' | 'dist',
  {
    ramDisk = false,
    settings = {},
  }: { ramDisk?: boolean; settings?: Readonly<Record<string, string>> } = {},
): Promise<BenchSandbox> =>
  new Promise((resolve, reject) => {
    const onRamDisk = ramDisk && existsSync('/dev/shm');
    const args = [
      ENTRY,
      `--spa=${spa}`,
      ...(onRamDisk ? ['--data-root=/dev/shm'] : []),
      ...Object.entries(settings).map(([name, value]) => `--setting=${name}=${value}`),
    ];
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    // If the bench dies first, the sandbox still stops (and takes DynamoDB Local with it).
    const stopOnExit = () => child.kill('SIGTERM');
    process.once('exit', stopOnExit);
    child.once('exit', () => process.off('exit', stopOnExit));
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    };
    const timeout = setTimeout(() => {
      void stop();
      reject(new Error(`The sandbox did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timeout);
      reject(new Error(`The sandbox exited (code ${code}) before it was ready`));
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) {
        console.log(`[sandbox] ${line}`);
        return;
      }
      clearTimeout(timeout);
      const ready = JSON.parse(line) as Omit<BenchSandbox, 'stop'>;
      resolve({ ...ready, stop });
    });
  });
