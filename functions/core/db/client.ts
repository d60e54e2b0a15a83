import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config, required } from '../config';
import { lazy, lazyAsync } from '../lazy';

/** What ElectroDB and the few raw commands need of the document client. */
type DocumentClient = Pick<DynamoDBDocumentClient, 'send'>;

const documentClient = lazyAsync(async (): Promise<DynamoDBDocumentClient> => {
  const [{ DynamoDBClient }, { DynamoDBDocumentClient }] = await Promise.all([
    import('@aws-sdk/client-dynamodb'),
    import('@aws-sdk/lib-dynamodb'),
  ]);
  const { AWS_REGION, DYNAMODB_ENDPOINT, SANDBOX } = config();
  const client = new DynamoDBClient({
    region: AWS_REGION,
    ...(DYNAMODB_ENDPOINT
      ? {
          endpoint: DYNAMODB_ENDPOINT,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  if (SANDBOX) measureCapacity(client);
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
});

/** Capacity units every command of this process consumed (the sandbox's, for its load bench). */
let consumed = { reads: 0, writes: 0, total: 0 };

/**
 * In the sandbox every command asks for its consumed capacity (ReturnConsumedCapacity TOTAL) and
 * the process sums it, so the load simulation can say what one company's morning costs in read and
 * write units (DynamoDB Local answers as DynamoDB would bill them). Never in AWS.
 */
const measureCapacity = (client: DynamoDBClient) => {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const reported = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity as
        { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
      const units = (Array.isArray(reported) ? reported : reported ? [reported] : []).reduce(
        (sum, each) => sum + (each.CapacityUnits ?? 0),
        0,
      );
      const read = /^(Get|BatchGet|Query|Scan|TransactGet)/.test(context.commandName ?? '');
      consumed = {
        reads: consumed.reads + (read ? units : 0),
        writes: consumed.writes + (read ? 0 : units),
        total: consumed.total + units,
      };
      return result;
    },
    { step: 'initialize', name: 'sandboxConsumedCapacity' },
  );
};

/** What the process's commands consumed so far (the sandbox only; zeros elsewhere). */
export const consumedCapacity = (): Readonly<typeof consumed> => consumed;

/**
 * One client per process. The SDK is loaded with `import()` when the first command is sent, not
 * imported at the top, because that gives the lower cold first request (what the first person to
 * reach a cold function waits for: init plus that request; `npm run bench -- --only=cold`).
 * A function whose request reads the table pays for loading the SDK once either way: the import
 * and the first command fall in the same cold start, on one thread, so loading it earlier hides
 * nothing (side by side, a module-scope import came within 12 ms for each such group, slower for
 * most: the noise). A function whose request never touches the table does not pay at all: esbuild
 * hoists a static import of an external package (the AWS SDK is external) to the top of every
 * bundle that contains this file, so with one meta, whose bundle holds the authentication code it
 * never runs, loaded DynamoDB at start and its cold first request went from about 45 to 105 ms.
 */
export const db = lazy((): DocumentClient => ({
  send: (async (command: never, options?: never) =>
    (await documentClient()).send(command, options)) as unknown as DynamoDBDocumentClient['send'],
}));

export const tableName = (): string => required('TABLE_NAME');
