import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '#functions/core/db/table';
import { buildTestApp, resourcesOfType } from './support';

describe('data stack', () => {
  let dev: Template;
  let prod: Template;

  beforeAll(() => {
    dev = Template.fromStack(buildTestApp({ stage: 'dev' }).data);
    prod = Template.fromStack(buildTestApp({ stage: 'prod' }).data);
  });

  it('declares the one table from functions/core/db/table.ts', () => {
    dev.resourceCountIs('AWS::DynamoDB::Table', 1);
    const attributes = [
      TABLE_KEYS.partitionKey,
      TABLE_KEYS.sortKey,
      ...GLOBAL_INDEXES.flatMap((index) => [index.partitionKey, index.sortKey]),
    ];
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: Match.arrayEquals(
        attributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      ),
      GlobalSecondaryIndexes: GLOBAL_INDEXES.map((index) => ({
        IndexName: index.indexName,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('protects the prod table (deletion protection, RETAIN) and not the dev one', () => {
    prod.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });

  it('keeps the media bucket private, encrypted, TLS-only and logged; its CORS is the web stack’s (no *.cloudfront.net)', () => {
    const buckets = resourcesOfType(dev, 'AWS::S3::Bucket');
    const [mediaId, media] =
      Object.entries(buckets).find(([id]) => id.startsWith('MediaBucket')) ?? [];
    expect(media, 'media bucket').toBeDefined();
    expect(media?.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
      LoggingConfiguration: { LogFilePrefix: 's3/media/' },
      LifecycleConfiguration: {
        Rules: [
          expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
          expect.objectContaining({
            Prefix: 'post-media/',
            ExpirationInDays: 1,
            Status: 'Enabled',
          }),
          // Campaign uploads never confirmed; confirmed files live under companies/, which no
          // rule touches.
          expect.objectContaining({
            Id: 'expire-unconfirmed-campaign-uploads',
            Prefix: 'uploads/',
            ExpirationInDays: 1,
            Status: 'Enabled',
          }),
        ],
      },
    });
    expect(media?.Properties?.CorsConfiguration).toBeUndefined();
    expect(JSON.stringify(dev.toJSON())).not.toContain('cloudfront.net');
    dev.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: mediaId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('enforces TLS and blocks public access on every bucket, the access-log bucket included', () => {
    const buckets = resourcesOfType(dev, 'AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(2);
    const policies = Object.values(resourcesOfType(dev, 'AWS::S3::BucketPolicy'));
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties?.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      const policy = policies.find(
        (candidate) => (candidate.Properties?.Bucket as { Ref?: string }).Ref === id,
      );
      expect(JSON.stringify(policy?.Properties?.PolicyDocument), id).toContain(
        'aws:SecureTransport',
      );
    }
  });

  it('generates the credential encryption key, kept in prod like the table', () => {
    const keyOf = (template: Template) =>
      Object.entries(resourcesOfType(template, 'AWS::SecretsManager::Secret')).find(([id]) =>
        id.startsWith('CredentialEncryptionKey'),
      )?.[1];
    expect(keyOf(dev)?.Properties).toMatchObject({
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true, IncludeSpace: false },
    });
    expect((keyOf(prod) as { DeletionPolicy?: string } | undefined)?.DeletionPolicy).toBe('Retain');
  });

  it('generates the JWT signing secret: 64 characters, no punctuation', () => {
    dev.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({
        PasswordLength: 64,
        ExcludePunctuation: true,
        IncludeSpace: false,
      }),
    });
    prod.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain' });
  });
});
