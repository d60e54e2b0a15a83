import { Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { StageConfig } from '../constructs/stage';

export interface AccessLogsBucketProps {
  readonly stage: StageConfig;
}

/**
 * The destination of S3 server access logs (and, in the web stack, CloudFront standard logs).
 *
 * ACLs stay enabled (BUCKET_OWNER_PREFERRED) because CloudFront standard logging delivers through
 * an ACL grant, and because without the `@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy` flag CDK
 * grants S3 log delivery with the LogDeliveryWrite canned ACL. Public access is blocked all the
 * same; the log-delivery grants are not public. SSE-S3 because server access logging cannot write
 * to SSE-KMS buckets.
 */
export class AccessLogsBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsBucketProps) {
    super(scope, id);
    const { stage } = props;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          id: 'expire-access-logs',
          expiration: Duration.days(stage.accessLogRetentionDays),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.isProd,
    });
    // No access logs of its own and no AwsSolutions-S1 finding: cdk-nag recognises a bucket that
    // receives another bucket's server access logs as the log destination.
  }
}
