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

/**
 * The real ElectroDB entities, pointed at the sandbox's table — to seed records that no endpoint
 * creates yet (campaigns and platform credentials arrive with later issues).
 */
export const useSandboxTable = async () => {
  const saved = { ...process.env };
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoDbEndpoint'),
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    APP_URL: inject('apiUrl'),
    JWT_SECRET: 'unused-by-these-tests-unused-by-these-tests',
  });
  const [{ campaignEntity }, { platformCredentialEntity }] = await Promise.all([
    import('#functions/core/db/entities/campaign'),
    import('#functions/core/db/entities/platform-credential'),
  ]);
  // The entities read their configuration once, when first made; the worker's environment is
  // then put back so nothing else in this worker sees the sandbox's settings.
  const entities = { campaigns: campaignEntity(), credentials: platformCredentialEntity() };
  process.env = saved;
  return entities;
};
