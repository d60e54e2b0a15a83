import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '#infra/sandbox/function-environment';

/**
 * Points the product's own entities (imported after this) at a bench sandbox's DynamoDB Local, so
 * that the bench writes items exactly as the functions do.
 */
export const pointEntitiesAt = (dynamoDbEndpoint: string): void => {
  Object.assign(process.env, {
    TABLE_NAME,
    DYNAMODB_ENDPOINT: dynamoDbEndpoint,
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
  });
};

/** A document client of a bench sandbox's DynamoDB Local. */
export const sandboxTableClient = (dynamoDbEndpoint: string): DynamoDBDocumentClient =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoDbEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );

/**
 * Puts items straight into the sandbox's table, as the bench seeds thousands of them (through the
 * API that would take minutes): 25 a request, 8 requests at once, again with whatever DynamoDB
 * left unprocessed.
 */
export const writeInBatches = async (
  db: DynamoDBDocumentClient,
  items: readonly Record<string, unknown>[],
): Promise<void> => {
  const batches = Array.from({ length: Math.ceil(items.length / 25) }, (_, index) =>
    items.slice(index * 25, index * 25 + 25),
  );
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let requests = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length) {
        const { UnprocessedItems } = await db.send(
          new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: requests } }),
        );
        requests = (UnprocessedItems?.[TABLE_NAME] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
};
