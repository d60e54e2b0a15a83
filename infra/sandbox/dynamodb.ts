import { join } from 'node:path';
import { checkJava, ensureTable, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { isDynamoDbLocal, readLock } from './lock';
import { freePort } from './ports';
import type { Service } from './service';
import { SandboxError } from './sandbox-error';

/**
 * DynamoDB Local (the official emulator; Java 17+) with the same table as the CDK stack, its data
 * in `<dataDir>/dynamodb`.
 */
export interface DynamoDb extends Service {
  endpoint: string;
  /** The java process, recorded in the lock so a sandbox killed hard can be cleaned up after. */
  pid: number | undefined;
}

/** A DynamoDB Local left behind by a sandbox that was killed hard (its lock is stale). */
export const killOrphanedDynamoDb = async (dataDir: string): Promise<void> => {
  const stale = readLock(dataDir);
  if (!stale?.dynamoDbPid || !isDynamoDbLocal(stale.dynamoDbPid)) return;
  process.kill(stale.dynamoDbPid, 'SIGKILL');
  for (let attempt = 0; attempt < 50 && isDynamoDbLocal(stale.dynamoDbPid); attempt += 1) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
};

const startEmulator = async (dbPath: string, javaCheck: Promise<void>): Promise<DynamoDbLocal> => {
  try {
    // Spawned alongside the Java check; without a usable Java it exits at once and is discarded.
    return await startDynamoDbLocal({
      dbPath,
      port: await freePort('127.0.0.1'),
      pollAfter: javaCheck,
    });
  } catch (error) {
    // The free port can be taken in between: one retry on another one.
    if (!(error instanceof SandboxError) || !/exited during start-up/.test(error.message))
      throw error;
    return startDynamoDbLocal({ dbPath, port: await freePort('127.0.0.1') });
  }
};

export const startDynamoDb = async (options: {
  dataDir: string;
  tableName: string;
}): Promise<DynamoDb> => {
  // Java is checked first so that its one-line message wins over whatever fails after it.
  const javaCheck = checkJava();
  javaCheck.catch(() => undefined);
  const local = await startEmulator(join(options.dataDir, 'dynamodb'), javaCheck);

  let stopping = false;
  // A hard exit (an uncaught error, process.exit) must not leave java running.
  const killOnExit = () => {
    const child = local.process;
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
      child.kill('SIGKILL');
  };
  process.on('exit', killOnExit);
  const stop = async () => {
    stopping = true;
    process.off('exit', killOnExit);
    await local.stop();
  };
  local.process.once('exit', (code, signal) => {
    // SIGINT reaches java straight from the terminal on Ctrl-C: that is a normal stop.
    if (!stopping && signal !== 'SIGINT' && code !== 130) {
      console.error(
        `[sandbox] DynamoDB Local stopped unexpectedly (${signal ?? `exit code ${code}`}); API calls will fail until the sandbox is restarted.`,
      );
    }
  });

  try {
    const warning = await ensureTable(local.endpoint, options.tableName);
    if (warning) console.warn(`[sandbox] ${warning}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint: local.endpoint, pid: local.process.pid, stop };
};
