import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { buildTestApp, nagFindings } from './support';

const distDir = mkdtempSync(join(tmpdir(), 'sailpost-dist-'));
mkdirSync(join(distDir, 'assets'));
writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Sailpost</title>');
writeFileSync(join(distDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
const emptyDir = mkdtempSync(join(tmpdir(), 'sailpost-no-dist-'));

afterAll(() => {
  rmSync(distDir, { recursive: true, force: true });
  rmSync(emptyDir, { recursive: true, force: true });
});

const stacksOf = (built: SailpostApp): Stack[] => [built.data, built.jobs, built.api, built.web];

describe('app wiring', () => {
  it('names one set of stacks per stage and tags them with it', () => {
    const built = buildTestApp({ stage: 'alice-test' }, { webDistDir: emptyDir });
    expect(stacksOf(built).map((stack) => stack.stackName)).toEqual([
      'Sailpost-AliceTest-Data',
      'Sailpost-AliceTest-Jobs',
      'Sailpost-AliceTest-Api',
      'Sailpost-AliceTest-Web',
    ]);
    built.app.synth(); // tags are applied during synthesis
    for (const stack of stacksOf(built)) {
      expect(stack.tags.tagValues()).toMatchObject({ Stage: 'alice-test', Project: 'sailpost' });
      expect(stack.terminationProtection).toBe(false);
    }
    Template.fromStack(built.data).hasResourceProperties('AWS::DynamoDB::Table', {
      Tags: Match.arrayWith([{ Key: 'Stage', Value: 'alice-test' }]),
    });
  });

  it('orders the stacks Data → Jobs → Api → Web, each using the ones before it', () => {
    const built = buildTestApp({ stage: 'dev' }, { webDistDir: emptyDir });
    built.app.synth(); // cross-stack references become dependencies during synthesis
    const dependenciesOf = (stack: Stack) => stack.dependencies.map((other) => other.stackName);
    expect(dependenciesOf(built.data)).toEqual([]);
    expect(dependenciesOf(built.jobs)).toEqual(['Sailpost-Dev-Data']);
    expect(dependenciesOf(built.api).sort()).toEqual(['Sailpost-Dev-Data', 'Sailpost-Dev-Jobs']);
    expect(dependenciesOf(built.web)).toContain('Sailpost-Dev-Api');
    expect(dependenciesOf(built.web)).not.toContain('Sailpost-Dev-Jobs');
  });

  it('defaults to the dev stage and protects prod stacks from termination', () => {
    expect(buildTestApp({ stage: undefined }, { webDistDir: emptyDir }).data.stackName).toBe(
      'Sailpost-Dev-Data',
    );
    const prod = buildTestApp({ stage: 'prod' }, { webDistDir: emptyDir });
    expect(stacksOf(prod).every((stack) => stack.terminationProtection)).toBe(true);
  });

  it('rejects stage names that cannot be used in stack names and SSM paths', () => {
    expect(() => buildTestApp({ stage: 'Prod_1' })).toThrow(/Invalid stage/);
    expect(() => buildTestApp({ stage: 'dev', domainName: 'app.example.com' })).toThrow(
      /certificateArn/,
    );
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  const variants: [string, () => SailpostApp][] = [
    ['dev without web/dist', () => buildTestApp({ stage: 'dev' }, { webDistDir: emptyDir })],
    ['dev with web/dist', () => buildTestApp({ stage: 'dev' }, { webDistDir: distDir })],
    [
      'prod in us-east-1 with a custom domain and web/dist',
      () =>
        buildTestApp(
          {
            stage: 'prod',
            domainName: 'app.sailpost.app',
            certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
          },
          { webDistDir: distDir, env: { account: '123456789012', region: 'us-east-1' } },
        ),
    ],
    [
      'prod in eu-west-1 with web/dist',
      () =>
        buildTestApp(
          { stage: 'prod' },
          { webDistDir: distDir, env: { account: '123456789012', region: 'eu-west-1' } },
        ),
    ],
  ];

  it.each(variants)('leaves no unacknowledged error or warning: %s', (_, build) => {
    const built = build();
    // Synthesis runs the cdk-nag validation plugin and throws on any finding.
    expect(() => built.app.synth()).not.toThrow();
    for (const stack of stacksOf(built)) {
      const findings = nagFindings(stack);
      expect(
        findings.filter((finding) => finding.severity === 'error'),
        stack.stackName,
      ).toEqual([]);
      expect(
        findings.filter((finding) => finding.severity === 'warning'),
        stack.stackName,
      ).toEqual([]);
      // And no construct-library warnings or errors either (deprecations, ignored props, ...).
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.anyValue()), stack.stackName).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue()), stack.stackName).toEqual([]);
    }
  });

  it('is active: an unacknowledged finding fails synthesis', () => {
    const built = buildTestApp({ stage: 'dev' }, { webDistDir: emptyDir });
    new Bucket(built.data, 'CarelessBucket');
    expect(nagFindings(built.data).map((finding) => finding.rule)).toEqual(
      expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']),
    );
    expect(() => built.app.synth()).toThrow(/AwsSolutions-S10/);
  });
});
