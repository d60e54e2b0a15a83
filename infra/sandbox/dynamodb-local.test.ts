import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, GLOBAL_INDEXES } from '#functions/core/db/table';
import { startLocalTable, type LocalTable } from '#test/support/local-table';
import { ensureTable } from './dynamodb-local';

/** A sandbox's table kept in `.sandbox/` from an older definition gains the indexes added since. */
describe('ensureTable', () => {
  let local: LocalTable;
  let client: DynamoDBClient;

  beforeAll(async () => {
    local = await startLocalTable();
    client = new DynamoDBClient({
      endpoint: local.env.DYNAMODB_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }, 60_000);
  afterAll(async () => {
    client.destroy();
    await local.stop();
  });

  const indexesOf = async (tableName: string) =>
    (
      await client.send(new DescribeTableCommand({ TableName: tableName }))
    ).Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort();

  it('creates a missing table, and leaves a current one as it is', async () => {
    expect(await ensureTable(local.env.DYNAMODB_ENDPOINT!, 'fresh')).toBeUndefined();
    expect(await indexesOf('fresh')).toEqual(GLOBAL_INDEXES.map((index) => index.indexName));
    expect(await ensureTable(local.env.DYNAMODB_ENDPOINT!, 'fresh')).toBeUndefined();
  });

  it('adds the indexes an older table lacks, and says so', async () => {
    const input = createTableInput('older');
    const [first] = GLOBAL_INDEXES;
    await client.send(
      new CreateTableCommand({
        ...input,
        AttributeDefinitions: input.AttributeDefinitions.filter(
          (attribute) => !/^gsi[^1]/.test(attribute.AttributeName),
        ),
        GlobalSecondaryIndexes: input.GlobalSecondaryIndexes.slice(0, 1),
      }),
    );
    expect(await indexesOf('older')).toEqual([first.indexName]);

    const note = await ensureTable(local.env.DYNAMODB_ENDPOINT!, 'older');
    expect(note).toContain('gsi2, gsi3');
    expect(note).toContain('npm run sandbox:reset');
    expect(await indexesOf('older')).toEqual(GLOBAL_INDEXES.map((index) => index.indexName));
  });
});
