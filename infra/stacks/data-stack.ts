import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GLOBAL_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '#functions/core/db/table';
import { UPLOADS_PREFIX } from '#functions/core/storage/media-keys';
import { AccessLogsBucket } from './access-logs-bucket';
import { acknowledge } from '../constructs/nag';
import type { StageConfig } from '../constructs/stage';

export interface DataStackProps extends StackProps {
  readonly stage: StageConfig;
  /**
   * Browser origins allowed to use presigned media URLs (CORS): the custom domain when there is
   * one. The CloudFront domain is not known here (the web stack depends on this one), so without
   * a custom domain this is empty and the web stack writes the rule (infra/constructs/media-cors.ts).
   */
  readonly mediaCorsOrigins: readonly string[];
}

/**
 * Stateful resources: the one table, the media bucket, the JWT signing secret, the origin header
 * secret and the key that encrypts social account tokens.
 */
export class DataStack extends Stack {
  readonly table: Table;
  readonly mediaBucket: Bucket;
  readonly jwtSecret: Secret;
  readonly originVerifySecret: Secret;
  readonly credentialKeySecret: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;

    // The same shape as createTableInput() in functions/core/db/table.ts (DynamoDB Local).
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: stage.isProd,
      removalPolicy: stage.removalPolicy,
    });
    for (const index of GLOBAL_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    const accessLogs = new AccessLogsBucket(this, 'AccessLogs', { stage });

    this.mediaBucket = new Bucket(this, 'MediaBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs.bucket,
      serverAccessLogsPrefix: 's3/media/',
      cors: props.mediaCorsOrigins.length
        ? [
            {
              // Presigned GET (display), PUT and POST (browser uploads straight to S3).
              allowedMethods: [HttpMethods.GET, HttpMethods.PUT, HttpMethods.POST],
              allowedOrigins: [...props.mediaCorsOrigins],
              allowedHeaders: ['*'],
              exposedHeaders: ['ETag'],
              maxAge: 3000,
            },
          ]
        : undefined,
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Media of a post published now is read once, when it is posted, and then deleted; what
        // was uploaded and never posted goes after a day (functions/platforms/post-media.ts).
        { id: 'expire-unposted-post-media', prefix: 'post-media/', expiration: Duration.days(1) },
        // Campaign media is uploaded under `uploads/` and copied to its campaign once confirmed;
        // an upload never confirmed goes after a day (functions/media/campaign-media.ts).
        {
          id: 'expire-unconfirmed-campaign-uploads',
          prefix: UPLOADS_PREFIX,
          expiration: Duration.days(1),
        },
      ],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.isProd,
    });

    // HS256 signing key for access tokens ("the key comes from Secrets Manager in AWS").
    this.jwtSecret = new Secret(this, 'JwtSigningSecret', {
      description: `Sailpost ${stage.name}: HS256 signing key for access tokens`,
      generateSecretString: {
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.jwtSecret,
      'AwsSolutions-SMG4',
      'The HS256 token-signing key is rotated by hand: automatic rotation would invalidate every signed-in session at once, because the API verifies with a single key (no key-id overlap window yet). Rotation = put a new random value and let sessions re-authenticate.',
    );

    // The header value CloudFront adds to every /api request (web stack) and the endpoint
    // functions require (functions/core/http/origin-guard.ts): the API's own execute-api address
    // then answers nobody who skipped CloudFront. Random per stage, never in the code or template.
    this.originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `Sailpost ${stage.name}: header value CloudFront adds to API requests (x-origin-verify)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.originVerifySecret,
      'AwsSolutions-SMG4',
      'The origin header value is set in the CloudFront distribution at deploy time (a dynamic reference); an automatic rotation would change the secret without redeploying CloudFront and lock every viewer out until the next deploy. Rotate by putting a new value and redeploying the web stack.',
    );

    // The data key of the tokens of connected X and LinkedIn accounts (AES-256-GCM, the key derived
    // from this value with HKDF: functions/platforms/token-cipher.ts). Generated, never in the code,
    // the template or an environment variable; only the functions that declare `credentialKey`
    // may read it.
    this.credentialKeySecret = new Secret(this, 'CredentialEncryptionKey', {
      description: `Sailpost ${stage.name}: key that encrypts social account tokens at rest`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: stage.removalPolicy,
    });
    acknowledge(
      this.credentialKeySecret,
      'AwsSolutions-SMG4',
      'The key encrypts stored OAuth tokens; rotating the value would make every stored token unreadable (every owner would have to reconnect). Ciphertexts carry a key version, so a rotation is a planned migration (decrypt with the old key, re-encrypt with the new), not an automatic rotation.',
    );

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
    new CfnOutput(this, 'JwtSecretArn', { value: this.jwtSecret.secretArn });
  }
}
