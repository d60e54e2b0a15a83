import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

/**
 * Direct access to the sandbox's DynamoDB Local, only to move time forward for a record (a code
 * that would take ten real minutes to expire). Everything else in the API tests goes through HTTP.
 */
const client = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: inject('dynamoDbEndpoint'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );

/** Makes the user's outstanding verification code expired (keys as ElectroDB writes them). */
export const expireVerificationCode = async (userId: string): Promise<void> => {
  await client().send(
    new UpdateCommand({
      TableName: inject('tableName'),
      Key: { pk: `$sailpost#userid_${userId}`, sk: '$phoneverification_1' },
      UpdateExpression: 'SET #expiresAt = :past',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#expiresAt': 'expiresAt' },
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }),
  );
};
