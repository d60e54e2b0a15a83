import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledgeCustomResourceHandler } from './custom-resource-nag';

/** The media bucket's CORS rule: presigned GET (display), PUT and POST (uploads from the browser). */
export const mediaCorsRules = (origins: readonly string[]) => [
  {
    AllowedMethods: ['GET', 'PUT', 'POST'],
    AllowedOrigins: [...origins],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 3000,
  },
];

export interface MediaCorsProps {
  readonly bucket: IBucket;
  /** The stage's own origin, e.g. `https://d111111abcdef8.cloudfront.net`. */
  readonly origin: string;
}

/**
 * Sets the media bucket's CORS to the stage's own origin once the distribution exists. The data
 * stack cannot name the CloudFront domain (the web stack comes after it), and a `*.cloudfront.net`
 * pattern would let any CloudFront-hosted site use the bucket from a browser; so without a custom
 * domain the rule is written here, by the web stack, with the distribution's own domain.
 */
export class MediaCors extends Construct {
  constructor(scope: Construct, id: string, props: MediaCorsProps) {
    super(scope, id);
    const putCors = {
      service: 'S3',
      action: 'putBucketCors',
      parameters: {
        Bucket: props.bucket.bucketName,
        CORSConfiguration: { CORSRules: mediaCorsRules([props.origin]) },
      },
      physicalResourceId: PhysicalResourceId.of(`${props.bucket.bucketName}-cors`),
    };
    new AwsCustomResource(this, 'PutBucketCors', {
      onCreate: putCors,
      onUpdate: putCors,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [props.bucket.bucketArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    acknowledgeCustomResourceHandler(this);
  }
}
