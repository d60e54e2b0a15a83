import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, Fn, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER } from '#functions/core/http/client-address';
import { API_PREFIX } from '#shared/contract/route';
import {
  contentSecurityPolicy,
  readBuiltScriptHashes,
} from '../../web/build/content-security-policy';
import { SECURITY_HEADERS } from '../../web/build/security-headers';
import { AccessLogsBucket } from './access-logs-bucket';
import { acknowledge, nagEnv } from '../constructs/nag';
import type { StageConfig } from '../constructs/stage';

export interface CustomDomain {
  /** e.g. `app.sailpost.app`; the DNS record pointing at the distribution is managed outside. */
  readonly domainName: string;
  /** ACM certificate for the domain; CloudFront requires it in us-east-1. */
  readonly certificateArn: string;
}

export interface WebStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly httpApi: IHttpApi;
  /** The value CloudFront adds to each /api request as `x-origin-verify` (data stack). */
  readonly originVerifySecret: ISecret;
  /** The media bucket: the browser uploads to it directly (presigned POST). */
  readonly mediaBucket: IBucket;
  /** The built SPA; deployed only when it contains index.html at synth time. */
  readonly webDistDir: string;
  readonly customDomain?: CustomDomain;
  /** An existing CLOUDFRONT-scope WAF web ACL (us-east-1) to attach (context `webAclArn`). */
  readonly webAclArn?: string;
  /** The stage measures with GA4 (context `ga4MeasurementId`): the CSP allows Google's hosts. */
  readonly analytics?: boolean;
}

/**
 * Viewer-request rewrite for the SPA: a path without a file extension is a client-side route and
 * gets /index.html. Only on the default (S3) behaviour, so the API's 404s stay the API's.
 */
const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * On /api/*: the viewer's address for limits per client address, in a header of ours that
 * overwrites whatever the client sent (functions/core/http/client-address.ts reads it).
 */
const viewerAddressCode = (header: string) => `function handler(event) {
  var request = event.request;
  request.headers['${header}'] = { value: event.viewer.ip };
  return request;
}`;

/** CloudFront's name for a Referrer-Policy value; a value it does not know fails the synth. */
const referrerPolicyOf = (value: string): HeadersReferrerPolicy => {
  const known = Object.values(HeadersReferrerPolicy).find((policy) => policy === value);
  if (!known) throw new Error(`CloudFront has no Referrer-Policy "${value}"`);
  return known;
};

/** CloudFront in front of the SPA bucket and the HTTP API: one origin for the browser. */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  readonly appUrl: string;
  readonly spaRewriteFunction: CloudFrontFunction;
  /** Whether web/dist was deployed by this synth (false when it had not been built). */
  readonly deploysSite: boolean;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage, httpApi, customDomain } = props;

    const logs = new AccessLogsBucket(this, 'Logs', { stage });

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs.bucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: !stage.isProd,
    });

    this.spaRewriteFunction = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'SPA fallback: extension-less paths are client routes, serve /index.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_REWRITE_CODE),
    });

    // The headers' one definition (web/build/security-headers.ts), which the sandbox sends too.
    const { strictTransportSecurity: hsts, frameOption, xssProtection } = SECURITY_HEADERS;
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Sailpost ${stage.name}: security headers`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
          includeSubdomains: hsts.includeSubdomains,
          override: true,
        },
        ...(SECURITY_HEADERS.noSniff ? { contentTypeOptions: { override: true } } : {}),
        frameOptions: { frameOption: HeadersFrameOption[frameOption], override: true },
        referrerPolicy: {
          referrerPolicy: referrerPolicyOf(SECURITY_HEADERS.referrerPolicy),
          override: true,
        },
        xssProtection: { ...xssProtection, override: true },
        // Scripts from this origin only, the first paint's inline scripts by their hashes; media
        // uploads go straight to the media bucket (the presigned POST's regional address).
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            scriptSources: readBuiltScriptHashes(props.webDistDir),
            connectSources: [`https://${props.mediaBucket.bucketRegionalDomainName}`],
            googleAnalytics: props.analytics ?? false,
          }),
          override: true,
        },
      },
    });

    // https://{apiId}.execute-api.{region}.amazonaws.com → its host name.
    const apiDomain = Fn.select(2, Fn.split('/', httpApi.apiEndpoint));
    const apiOrigin = new HttpOrigin(apiDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // The endpoint functions refuse requests without it (functions/core/http/origin-guard.ts),
      // so the execute-api address answers only CloudFront. A dynamic reference: CloudFormation
      // reads the secret at deploy time; the value never appears in the template.
      customHeaders: {
        'x-origin-verify': props.originVerifySecret.secretValue.unsafeUnwrap(),
      },
    });

    const webAclId = props.webAclArn ?? this.managedWebAclArn(stage);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Sailpost ${stage.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: stage.isProd ? PriceClass.PRICE_CLASS_ALL : PriceClass.PRICE_CLASS_100,
      ...(customDomain
        ? {
            // Only meaningful with a custom certificate; the default one is fixed at TLSv1.
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [customDomain.domainName],
            certificate: Certificate.fromCertificateArn(
              this,
              'Certificate',
              customDomain.certificateArn,
            ),
          }
        : {}),
      ...(webAclId ? { webAclId } : {}),
      enableLogging: true,
      logBucket: logs.bucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [
          { function: this.spaRewriteFunction, eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: {
          origin: apiOrigin,
          // The browser only ever talks HTTPS to the API; a redirect would turn POSTs into GETs.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            {
              function: new CloudFrontFunction(this, 'ViewerAddress', {
                comment: `Viewer address for the API's per-client limits (${VIEWER_ADDRESS_HEADER})`,
                runtime: FunctionRuntime.JS_2_0,
                code: FunctionCode.fromInline(viewerAddressCode(VIEWER_ADDRESS_HEADER)),
              }),
              eventType: FunctionEventType.VIEWER_REQUEST,
            },
          ],
          compress: true,
        },
      },
      // No errorResponses: they are distribution-wide and would turn the API's 403/404 answers
      // into index.html. The SPA fallback is the viewer-request function above.
    });

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'Sailpost serves small businesses wherever they are; there is no legal or business reason to restrict countries.',
    );
    if (!customDomain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum protocol at TLSv1. Passing -c domainName=... -c certificateArn=... applies TLSv1.2_2021.',
      );
    }
    if (!webAclId) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'A CloudFront web ACL must live in us-east-1 and this stage is not deployed there. Attach one with -c webAclArn=<CLOUDFRONT-scope web ACL ARN>; in us-east-1 the stack creates a managed-rule web ACL itself. API rate limiting meanwhile comes from the HTTP API stage throttling.',
      );
    }

    this.appUrl = customDomain
      ? `https://${customDomain.domainName}`
      : `https://${this.distribution.distributionDomainName}`;

    // The Lambdas read this by name (APP_URL_PARAMETER), which avoids a CloudFront <-> API cycle.
    new StringParameter(this, 'AppUrlParameter', {
      parameterName: stage.appUrlParameterName,
      description: `Sailpost ${stage.name}: public origin of the web app`,
      stringValue: this.appUrl,
    });

    this.deploysSite = existsSync(join(props.webDistDir, 'index.html'));
    if (this.deploysSite) {
      this.deploySite(props.webDistDir, stage);
    } else {
      console.warn(
        `[sailpost] ${props.webDistDir}/index.html not found: the ${stage.name} web stack is synthesised without the SPA deployment (run \`npm run build:web\` first to deploy it).`,
      );
    }

    new CfnOutput(this, 'AppUrl', { value: this.appUrl });
    // What to register as the Google OAuth client's authorized redirect URI for this stage.
    new CfnOutput(this, 'GoogleRedirectUri', {
      value: `${this.appUrl}${API_PREFIX}/auth/google/callback`,
      description: "Register it as an authorized redirect URI of the stage's Google OAuth client",
    });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.distribution.distributionDomainName,
    });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
  }

  /**
   * In us-east-1 the web ACL can sit in this stack: AWS managed common rules, known bad inputs,
   * IP reputation and a per-IP rate limit. Elsewhere it cannot (CLOUDFRONT scope is us-east-1 only).
   */
  private managedWebAclArn(stage: StageConfig): string | undefined {
    if (Token.isUnresolved(this.region) || this.region !== 'us-east-1') return undefined;
    const managedRule = (name: string, priority: number, excluded: string[] = []) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          // Counted rather than blocked; request bodies are validated by zod in the Lambdas.
          ruleActionOverrides: excluded.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: {
        sampledRequestsEnabled: true,
        cloudWatchMetricsEnabled: true,
        metricName: name,
      },
    });
    const acl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: {
        sampledRequestsEnabled: true,
        cloudWatchMetricsEnabled: true,
        metricName: `sailpost-${stage.name}-web`,
      },
      rules: [
        {
          name: 'rate-limit-per-ip',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: 2000, aggregateKeyType: 'IP' } },
          visibilityConfig: {
            sampledRequestsEnabled: true,
            cloudWatchMetricsEnabled: true,
            metricName: 'rate-limit-per-ip',
          },
        },
        managedRule('AWSManagedRulesAmazonIpReputationList', 1),
        managedRule('AWSManagedRulesCommonRuleSet', 2, ['SizeRestrictions_BODY']),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    return acl.attrArn;
  }

  /**
   * Hashed assets are immutable and kept across deploys (a browser holding the previous
   * index.html can still load its chunks); index.html is revalidated and invalidated.
   */
  private deploySite(webDistDir: string, stage: StageConfig): void {
    const logGroup = new LogGroup(this, 'SiteDeploymentLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [Source.asset(webDistDir)],
      destinationBucket: this.siteBucket,
      exclude: ['index.html'],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      logGroup,
    });
    const index = new BucketDeployment(this, 'DeployIndex', {
      sources: [Source.asset(webDistDir)],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: ['index.html'],
      prune: false,
      cacheControl: [CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/index.html'],
      memoryLimit: 512,
      logGroup,
    });
    index.node.addDependency(assets);

    // Both deployments share CDK's singleton handler (Custom::CDKBucketDeployment...). Its role
    // and policy are written by CDK, not by us; every finding is listed so that anything new fails.
    const handler = assets.handlerRole.node.scope;
    if (!handler) throw new Error('BucketDeployment handler role has no scope');
    const nag = nagEnv(this);
    const siteBucketId = this.getLogicalId(this.siteBucket.node.defaultChild as CfnBucket);
    acknowledge(
      handler,
      `AwsSolutions-IAM4[Policy::arn:${nag.partition}:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]`,
      'CDK-managed BucketDeployment handler: CDK attaches AWSLambdaBasicExecutionRole (CloudWatch Logs write) to its singleton and offers no way to replace it; the handler only runs during deployments.',
    );
    acknowledge(
      handler,
      [
        'AwsSolutions-IAM5[Action::s3:GetObject*]',
        'AwsSolutions-IAM5[Action::s3:GetBucket*]',
        'AwsSolutions-IAM5[Action::s3:List*]',
        `AwsSolutions-IAM5[Resource::arn:${nag.partition}:s3:::cdk-${nag.qualifier}-assets-${nag.account}-${nag.region}/*]`,
      ],
      'CDK-managed BucketDeployment handler: reads the zipped web/dist asset that the CLI uploaded to the CDK bootstrap assets bucket (grantRead on the staging bucket, whose object keys are content hashes).',
    );
    acknowledge(
      handler,
      [
        'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
        'AwsSolutions-IAM5[Action::s3:Abort*]',
        `AwsSolutions-IAM5[Resource::<${siteBucketId}.Arn>/*]`,
      ],
      'CDK-managed BucketDeployment handler: syncs the built SPA into the site bucket, so it writes (and may delete) any object of that one bucket (grantReadWrite on the destination).',
    );
    acknowledge(
      handler,
      'AwsSolutions-IAM5[Resource::*]',
      'CDK-managed BucketDeployment handler: cloudfront:CreateInvalidation/GetInvalidation for the /index.html invalidation after each deploy; CDK grants them on "*".',
    );
    acknowledge(
      handler,
      'AwsSolutions-L1',
      'CDK-managed BucketDeployment handler: its Python runtime is chosen by aws-cdk-lib (it bundles the AWS CLI layer for that runtime); it follows aws-cdk-lib upgrades rather than our setting.',
    );
  }
}
