import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFT_MIN_SECONDS,
  ENDPOINT_GROUP_DECLARATIONS,
  JOB_DECLARATIONS,
  MORNING_MIN_SECONDS,
} from '#functions/catalogue';
import { perSecond, type ThroughputRate } from '#functions/core/limits/throughput-buckets';
import type { SailpostApp } from '#infra/stacks/sailpost-app';
import { buildTestApp } from './support';

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** Every function of the app with its logical id, environment and stack's resources. */
const functionsOf = (built: SailpostApp) =>
  [built.jobs, built.api].flatMap((stack) => {
    const resources = Template.fromStack(stack).toJSON().Resources as Resources;
    return Object.entries(resources)
      .filter(([, resource]) => resource.Type === 'AWS::Lambda::Function')
      .map(([id, resource]) => ({
        id,
        resources,
        environment: ((resource.Properties?.Environment as { Variables?: Record<string, unknown> })
          ?.Variables ?? {}) as Record<string, unknown>,
        description: String(resource.Properties?.Description),
      }));
  });

/** Functions that may text: the SMS binding gives them the identity to send from. */
const textingFunctions = (built: SailpostApp) =>
  functionsOf(built).filter((fn) => 'SMS_ORIGINATION_IDENTITY' in fn.environment);

/** The SQS event sources of the function, with their maximum concurrency. */
const eventSourcesOf = (fn: ReturnType<typeof functionsOf>[number]) =>
  Object.values(fn.resources)
    .filter((resource) => resource.Type === 'AWS::Lambda::EventSourceMapping')
    .filter(
      (resource) =>
        JSON.stringify(resource.Properties?.FunctionName) === JSON.stringify({ Ref: fn.id }),
    )
    .map((resource) => ({
      maxConcurrency: (resource.Properties?.ScalingConfig as { MaximumConcurrency?: number })
        ?.MaximumConcurrency,
      batchSize: resource.Properties?.BatchSize as number,
    }));

/**
 * No function can send texts faster than the stage's configured rate (the origination identity's
 * throughput): every function that may text carries that rate for the shared `sms-texts` bucket,
 * which every text is taken from (functions/integrations/sms/provider.ts), and what runs many
 * texting instances at once — the mornings' queue — is capped so that its instances, each
 * sending at most one text per morning of at least MORNING_MIN_SECONDS, stay within it even
 * before the bucket.
 */
describe('the throughput limits in the stack', () => {
  const TOLL_FREE: ThroughputRate = { amount: 3, perSeconds: 1, burst: 3 };
  let standard: SailpostApp;
  let tollFree: SailpostApp;

  beforeAll(() => {
    standard = buildTestApp({ stage: 'dev' });
    tollFree = buildTestApp({
      stage: 'dev',
      throughputLimits: JSON.stringify({ 'sms-texts': TOLL_FREE }),
    });
  }, 180_000);

  it.each([
    ['the default rates', () => standard],
    ['a toll-free number (3 a second)', () => tollFree],
  ])('gives every texting function the stage’s rate, and no more (%s)', (_name, app) => {
    const built = app();
    const stageRate = built.stage.throughput['sms-texts'];
    const texting = textingFunctions(built);
    const declared = [
      ...Object.values(ENDPOINT_GROUP_DECLARATIONS),
      ...Object.values(JOB_DECLARATIONS),
    ].filter((declaration) => declaration.bindings.sms);
    expect(texting.length).toBe(declared.length);
    for (const fn of texting) {
      const limits = JSON.parse(String(fn.environment.THROUGHPUT_LIMITS)) as Record<
        string,
        ThroughputRate
      >;
      expect(limits['sms-texts'], fn.description).toEqual(stageRate);
    }
  });

  it.each([
    ['the default rates', () => standard],
    ['a toll-free number (3 a second)', () => tollFree],
  ])(
    'caps the mornings queue so its texts and drafts stay within the stage’s rates (%s)',
    (_name, app) => {
      const built = app();
      const { throughput } = built.stage;
      const sources = functionsOf(built).flatMap((fn) =>
        eventSourcesOf(fn).map((source) => ({ ...source, fn })),
      );
      expect(sources.map((source) => source.fn.description).sort()).toEqual([
        'Sailpost dev: company-morning job',
        'Sailpost dev: text-later job',
      ]);
      const mornings = sources.filter((source) => source.fn.description.includes('morning'));
      for (const { fn, maxConcurrency, batchSize } of mornings) {
        expect(maxConcurrency, fn.description).toBeDefined();
        expect(batchSize).toBe(1);
        // Texts a second the instances could send at most, at one text per shortest morning.
        expect(maxConcurrency! / MORNING_MIN_SECONDS).toBeLessThanOrEqual(
          Math.max(perSecond(throughput['sms-texts']), 2 / MORNING_MIN_SECONDS),
        );
        expect(maxConcurrency! / DRAFT_MIN_SECONDS).toBeLessThanOrEqual(
          perSecond(throughput['ai-requests']),
        );
      }
    },
  );

  it.each([
    ['the default rates', () => standard, 20],
    ['a toll-free number (3 a second)', () => tollFree, 3],
  ])(
    'sends the texts that waited for the limit no faster than the stage texts (%s)',
    (_name, app, concurrency) => {
      const texts = functionsOf(app())
        .filter((fn) => fn.description === 'Sailpost dev: text-later job')
        .flatMap(eventSourcesOf);
      expect(texts).toEqual([{ maxConcurrency: concurrency, batchSize: 1 }]);
    },
  );

  it('names the toll-free stage a lower morning concurrency than the default one', () => {
    const concurrency = (built: SailpostApp) =>
      functionsOf(built)
        .filter((fn) => fn.description.includes('company-morning'))
        .flatMap(eventSourcesOf)[0]!.maxConcurrency!;
    expect(concurrency(tollFree)).toBe(6);
    expect(concurrency(standard)).toBe(40);
  });
});
