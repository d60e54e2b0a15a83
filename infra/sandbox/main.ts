/**
 * `npm start`: the whole product on http://localhost:3000 (or $PORT).
 *
 *   npm start                  the SPA through Vite (hot reload)
 *   npm start -- --spa=dist    the built bundle in web/dist (npm run build:web first)
 *   npm start -- --quiet       no per-request log lines
 */
import { startSandbox, type Sandbox } from './sandbox';
import { SandboxError } from './sandbox-error';
import type { SpaMode } from './spa';

const SPA_MODES: readonly SpaMode[] = ['vite', 'dist', 'none'];

const usage = 'Usage: npm start [-- --spa=vite|dist|none] [--quiet]';

const parseArgs = (args: readonly string[]): { spa: SpaMode; log: boolean } => {
  let spa: SpaMode = 'vite';
  let log = true;
  for (const arg of args) {
    const [name, value] = arg.split('=', 2);
    if (name === '--spa' && value && (SPA_MODES as readonly string[]).includes(value))
      spa = value as SpaMode;
    else if (arg === '--quiet') log = false;
    else throw new SandboxError(`Unknown option ${arg}. ${usage}`);
  }
  return { spa, log };
};

const main = async (): Promise<void> => {
  const { spa, log } = parseArgs(process.argv.slice(2));
  const sandbox: Sandbox = await startSandbox({ spa, log });
  // performance.now() counts from process start, so this includes loading the code.
  const seconds = (performance.now() / 1000).toFixed(1);
  console.log(
    `Sailpost sandbox ready at ${sandbox.url} (started in ${seconds} s) — dev inbox: ${sandbox.url}/_sandbox` +
      (spa === 'dist' ? ' — serving web/dist' : ''),
  );

  let stoppingSince: number | undefined;
  const shutDown = (signal: NodeJS.Signals) => {
    if (stoppingSince !== undefined) {
      // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): only a later
      // one means "stop waiting". The exit hook still kills DynamoDB Local and removes the lock.
      if (Date.now() - stoppingSince < 2000) return;
      console.log(`\n${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log('\nStopping the sandbox…');
    sandbox.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The sandbox did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);
};

main().catch((error: unknown) => {
  if (error instanceof SandboxError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
