import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * How many items the company's partition (its item collection, the company included) holds —
 * what a clean-up must bring to zero. For tests and the bench, which watch the clean-up work.
 */
export const companyPartitionSize = async (
  db: DynamoDBDocumentClient,
  tableName: string,
  companyId: string,
): Promise<number> => {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk',
        // The company entity's partition key (functions/core/db/entities/company.ts).
        ExpressionAttributeValues: { ':pk': `$sailpost#companyid_${companyId}` },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
};
