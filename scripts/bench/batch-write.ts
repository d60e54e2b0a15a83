import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME } from '#infra/sandbox/function-environment';

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
