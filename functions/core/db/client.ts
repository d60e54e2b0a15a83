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
  const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
  const client = new DynamoDBClient({
    region: AWS_REGION,
    ...(DYNAMODB_ENDPOINT
      ? {
          endpoint: DYNAMODB_ENDPOINT,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
});

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
