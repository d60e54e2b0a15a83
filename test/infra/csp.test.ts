import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { CSP_MANIFEST, sha256Source } from '../../web/build/content-security-policy';
import { securityHeaders } from '../../web/build/security-headers';
import { buildTestApp, resourcesOfType } from './support';

/** A built SPA with one inline script, as the first-paint build writes it. */
const distDir = mkdtempSync(join(tmpdir(), 'sailpost-csp-dist-'));
const inlineScript = "document.documentElement.dataset.ready='1'";
mkdirSync(join(distDir, 'assets'));
writeFileSync(join(distDir, 'index.html'), `<!doctype html><script>${inlineScript}</script>`);
writeFileSync(
  join(distDir, CSP_MANIFEST),
  JSON.stringify({ scriptHashes: [sha256Source(inlineScript)] }),
);

afterAll(() => rmSync(distDir, { recursive: true, force: true }));

interface SecurityHeadersConfig {
  ContentSecurityPolicy: { ContentSecurityPolicy: PolicyValue; Override: boolean };
  StrictTransportSecurity?: {
    AccessControlMaxAgeSec: number;
    IncludeSubdomains?: boolean;
    Preload?: boolean;
    Override: boolean;
  };
  ContentTypeOptions?: { Override: boolean };
  FrameOptions?: { FrameOption: string; Override: boolean };
  ReferrerPolicy?: { ReferrerPolicy: string; Override: boolean };
  XSSProtection?: {
    Protection: boolean;
    ModeBlock?: boolean;
    ReportUri?: string;
    Override: boolean;
  };
}

const securityConfigOf = (template: Template): SecurityHeadersConfig => {
  const policies = Object.values(
    resourcesOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy'),
  );
  expect(policies).toHaveLength(1);
  return (
    policies[0]!.Properties!.ResponseHeadersPolicyConfig as {
      SecurityHeadersConfig: SecurityHeadersConfig;
    }
  ).SecurityHeadersConfig;
};

const policyOf = (template: Template): string => {
  const config = securityConfigOf(template);
  expect(config.ContentSecurityPolicy.Override).toBe(true);
  return rendered(config.ContentSecurityPolicy.ContentSecurityPolicy);
};

/** The headers CloudFront adds with this configuration, as a browser receives them. */
const headersSentBy = (config: SecurityHeadersConfig): Record<string, string> => {
  const headers: Record<string, string> = {
    'content-security-policy': rendered(config.ContentSecurityPolicy.ContentSecurityPolicy),
  };
  const hsts = config.StrictTransportSecurity;
  if (hsts) {
    headers['strict-transport-security'] = [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; ');
  }
  if (config.ContentTypeOptions) headers['x-content-type-options'] = 'nosniff';
  if (config.FrameOptions) headers['x-frame-options'] = config.FrameOptions.FrameOption;
  if (config.ReferrerPolicy) headers['referrer-policy'] = config.ReferrerPolicy.ReferrerPolicy;
  const xss = config.XSSProtection;
  if (xss) {
    headers['x-xss-protection'] = [
      xss.Protection ? '1' : '0',
      ...(xss.ModeBlock ? ['mode=block'] : []),
      ...(xss.ReportUri ? [`report=${xss.ReportUri}`] : []),
    ].join('; ');
  }
  return headers;
};

/** The policy as text, or joined around deploy-time values (the media bucket's address). */
type PolicyValue = string | { 'Fn::Join': [string, (string | Record<string, unknown>)[]] };

/** Deploy-time values are written as `{Fn::ImportValue:…}` so tests can name what they are. */
const rendered = (value: PolicyValue): string =>
  typeof value === 'string'
    ? value
    : value['Fn::Join'][1]
        .map((part) =>
          typeof part === 'string' ? part : JSON.stringify(part).replace(/[" ]/g, ''),
        )
        .join(value['Fn::Join'][0]);

const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy.split(';').map((directive) => {
      const [name, ...values] = directive.trim().split(/\s+/);
      return [name!, values];
    }),
  );

describe("CloudFront's Content-Security-Policy", () => {
  const template = Template.fromStack(buildTestApp({ stage: 'prod' }, { webDistDir: distDir }).web);
  const policy = policyOf(template);
  const parsed = directives(policy);

  it('sends the security headers of their one definition, over HTTPS, each overriding the origin', () => {
    const config = securityConfigOf(template);
    expect(headersSentBy(config)).toEqual(
      securityHeaders({ contentSecurityPolicy: policy, https: true }),
    );
    for (const header of Object.values(config)) expect(header).toMatchObject({ Override: true });
  });

  it('runs scripts from the app only: no unsafe-inline or eval, inline ones by hash', () => {
    const scripts = parsed.get('script-src')!;
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).toEqual(["'self'", sha256Source(inlineScript)]);
  });

  it('closes the other doors: default self, no plugins, no framing, no base or form hijacking', () => {
    expect(parsed.get('default-src')).toEqual(["'self'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
    expect(parsed.get('base-uri')).toEqual(["'self'"]);
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parsed.get('form-action')).toEqual(["'self'"]);
    // The API is served under /api of the same origin; media uploads go straight to the media
    // bucket's regional address (the presigned POST's URL).
    const [self, uploads, ...others] = parsed.get('connect-src')!;
    expect(self).toBe("'self'");
    expect(uploads).toMatch(/^https:\/\/\{Fn::ImportValue:.*MediaBucket.*RegionalDomainName/);
    expect(others).toEqual([]);
    // Connected accounts' avatars come from X and LinkedIn; a chosen video previews from a blob.
    expect(parsed.get('img-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'blob:',
        'https://pbs.twimg.com',
        'https://media.licdn.com',
      ]),
    );
    // Campaign media is shown from the media bucket (presigned GETs), where it was uploaded to.
    expect(parsed.get('img-src')!.at(-1)).toMatch(
      /^https:\/\/\{Fn::ImportValue:.*MediaBucket.*RegionalDomainName/,
    );
    const [mediaSelf, blob, bucket, ...moreMedia] = parsed.get('media-src')!;
    expect([mediaSelf, blob]).toEqual(["'self'", 'blob:']);
    expect(bucket).toMatch(/^https:\/\/\{Fn::ImportValue:.*MediaBucket.*RegionalDomainName/);
    expect(moreMedia).toEqual([]);
  });

  it("fits CloudFront's limit for the header (1783 characters)", () => {
    expect(policy.length).toBeLessThanOrEqual(1783);
  });
});

describe('GA4 in the Content-Security-Policy', () => {
  const googleHost = /google|googletagmanager|doubleclick/i;
  const policyWith = (context: Record<string, unknown>) =>
    policyOf(Template.fromStack(buildTestApp(context, { webDistDir: distDir }).web));

  it('allows no Google host when the stage has no measurement id', () => {
    const policy = policyWith({ stage: 'prod' });
    expect(policy).not.toMatch(googleHost);
  });

  it("allows Google's tag and collection hosts, and only where needed, once a measurement id is set", () => {
    const parsed = directives(policyWith({ stage: 'prod', ga4MeasurementId: 'G-TEST12345' }));
    const google = (directive: string) =>
      parsed.get(directive)!.filter((source) => googleHost.test(source));
    expect(google('script-src')).toEqual(['https://*.googletagmanager.com']);
    expect(google('connect-src')).toEqual([
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ]);
    expect(google('img-src')).toEqual([
      'https://*.google-analytics.com',
      'https://*.googletagmanager.com',
    ]);
    for (const directive of ['default-src', 'style-src', 'media-src', 'font-src', 'form-action'])
      expect(google(directive)).toEqual([]);
  });
});
