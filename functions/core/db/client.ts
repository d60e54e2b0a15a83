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
 * imported at the top: esbuild hoists a static import of an external package (the AWS SDK is
 * external) to the top of every bundle that contains this file, and then even a function that
 * never touches the table (meta, whose bundle holds the authentication code it never runs) would
 * load DynamoDB at start.
 */
export const db = lazy((): DocumentClient => ({
  send: (async (command: never, options?: never) =>
    (await documentClient()).send(command, options)) as unknown as DynamoDBDocumentClient['send'],
}));

export const tableName = (): string => required('TABLE_NAME');
