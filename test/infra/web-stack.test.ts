import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AllowedMethods, CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { buildTestApp, resourcesOfType } from './support';

const emptyDir = mkdtempSync(join(tmpdir(), 'sailpost-no-dist-'));
const distDir = mkdtempSync(join(tmpdir(), 'sailpost-dist-'));
mkdirSync(join(distDir, 'assets'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Sailpost</title>');
writeFileSync(join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');

interface CacheBehavior {
  readonly PathPattern?: string;
  readonly TargetOriginId?: string;
  readonly ViewerProtocolPolicy?: string;
  readonly ResponseHeadersPolicyId?: unknown;
  readonly FunctionAssociations?: unknown;
  readonly [key: string]: unknown;
}

interface DistributionConfig {
  readonly DefaultCacheBehavior: CacheBehavior;
  readonly CacheBehaviors: CacheBehavior[];
  readonly Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: unknown }[];
  readonly [key: string]: unknown;
}

describe('web stack', () => {
  let built: SailpostApp;
  let web: Template;

  beforeAll(() => {
    built = buildTestApp({ stage: 'dev' }, { webDistDir: emptyDir });
    web = Template.fromStack(built.web);
  });
  afterAll(() => {
    rmSync(emptyDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  });

  const distributionConfig = (template: Template) => {
    const [distribution] = Object.values(
      resourcesOfType(template, 'AWS::CloudFront::Distribution'),
    );
    return distribution?.Properties?.DistributionConfig as DistributionConfig;
  };

  it('serves the SPA from a private bucket through origin access control', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const config = distributionConfig(web);
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
    const site = Object.entries(resourcesOfType(web, 'AWS::S3::Bucket')).find(([id]) =>
      id.startsWith('SiteBucket'),
    );
    expect(site?.[1].Properties?.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
  });

  it('forwards /api/* to the HTTP API uncached, with every method and the viewer headers', () => {
    const behaviors = distributionConfig(web).CacheBehaviors;
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId:
        OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      AllowedMethods: AllowedMethods.ALLOW_ALL.methods,
      ViewerProtocolPolicy: 'https-only',
    });
    const origins = distributionConfig(web).Origins;
    const apiOrigin = origins.find((origin) => origin.Id === api?.TargetOriginId);
    expect(apiOrigin?.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(JSON.stringify(apiOrigin?.DomainName)).toContain('Sailpost-Dev-Api');
  });

  it('falls back to index.html with a viewer-request function, not distribution-wide error pages', () => {
    const config = distributionConfig(web);
    expect(config.CustomErrorResponses).toBeUndefined();
    const [[functionId, fn] = []] = Object.entries(
      resourcesOfType(web, 'AWS::CloudFront::Function'),
    );
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    // The API's own function only adds the viewer's address; it never rewrites to index.html.
    expect(api?.FunctionAssociations).toHaveLength(1);
    expect(JSON.stringify(api?.FunctionAssociations)).not.toContain(functionId);

    const code = fn?.Properties?.FunctionCode as string;
    const handler = new Function(`${code}; return handler;`)() as (event: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/companies/c1/campaigns')).toBe('/index.html');
    expect(rewrite('/assets/app-1a2b3c.js')).toBe('/assets/app-1a2b3c.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('publishes the app URL as /sailpost/<stage>/app-url and outputs it', () => {
    web.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/sailpost/dev/app-url',
      Type: 'String',
      Value: {
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] }]],
      },
    });
    web.hasOutput('AppUrl', {});
  });

  it("outputs the redirect URI to register with the stage's Google OAuth client", () => {
    web.hasOutput('GoogleRedirectUri', {
      Value: {
        'Fn::Join': [
          '',
          [
            'https://',
            { 'Fn::GetAtt': [Match.anyValue(), 'DomainName'] },
            '/api/auth/google/callback',
          ],
        ],
      },
    });
  });

  it('skips the SPA deployment when web/dist has not been built', () => {
    expect(built.web.deploysSite).toBe(false);
    web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('deploys web/dist when index.html exists: hashed assets immutable, index.html revalidated', () => {
    const withDist = buildTestApp({ stage: 'dev' }, { webDistDir: distDir });
    const template = Template.fromStack(withDist.web);
    expect(withDist.web.deploysSite).toBe(true);
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['index.html'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['index.html'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/index.html'],
    });
  });

  it('uses a custom domain from context: alias, TLS 1.2 certificate, app URL and media CORS', () => {
    const custom = buildTestApp(
      {
        stage: 'prod',
        domainName: 'app.sailpost.app',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      },
      { webDistDir: emptyDir },
    );
    const template = Template.fromStack(custom.web);
    expect(distributionConfig(template)).toMatchObject({
      Aliases: ['app.sailpost.app'],
      ViewerCertificate: { MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
    });
    template.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/sailpost/prod/app-url',
      Value: 'https://app.sailpost.app',
    });
    Template.fromStack(custom.data).hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.sailpost.app'] })],
      },
    });
  });

  it('creates and attaches a managed-rule web ACL when deployed to us-east-1', () => {
    const east = buildTestApp(
      { stage: 'prod' },
      { webDistDir: emptyDir, env: { account: '123456789012', region: 'us-east-1' } },
    );
    const template = Template.fromStack(east.web);
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'rate-limit-per-ip', Action: { Block: {} } }),
        Match.objectLike({ Name: 'AWSManagedRulesCommonRuleSet' }),
        Match.objectLike({ Name: 'AWSManagedRulesKnownBadInputsRuleSet' }),
      ]),
    });
    const [aclId] = Object.keys(resourcesOfType(template, 'AWS::WAFv2::WebACL'));
    expect(distributionConfig(template).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });
});
