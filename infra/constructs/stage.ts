import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  THROUGHPUT_BUCKETS,
  type ThroughputBucket,
  type ThroughputRate,
} from '#functions/core/limits/throughput-buckets';

/** The stage that keeps its data: deletion protection, RETAIN, longer log retention. */
export const PRODUCTION_STAGE = 'prod';

/** Lower-case letters, digits and hyphens; it ends up in stack names, SSM paths and group names. */
const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,19}$/;

/** Everything that differs between stages, decided once from the stage name. */
export interface StageConfig {
  /** As given with `-c stage=NAME`, e.g. `dev`, `prod`, `alice`. */
  readonly name: string;
  /** The name as it appears in stack names: `dev` → `Dev`, `alice-test` → `AliceTest`. */
  readonly label: string;
  readonly isProd: boolean;
  /** Stateful resources: kept on stack deletion in prod, removed with the stack elsewhere. */
  readonly removalPolicy: RemovalPolicy;
  /** Lambda, API access log and deployment log groups. */
  readonly logRetention: RetentionDays;
  /** How long S3 server access logs and CloudFront logs are kept. */
  readonly accessLogRetentionDays: number;
  /** The SSM parameter holding the app's public origin; written by the web stack. */
  readonly appUrlParameterName: string;
  /**
   * The EventBridge Scheduler group of the stage's schedules (recurring and one-time). Known from
   * the stage name alone, so functions in other stacks can be granted its schedules without
   * importing anything from the jobs stack.
   */
  readonly scheduleGroupName: string;
  /**
   * The outside limits the stage's traffic is held to (functions/core/limits/throughput-buckets.ts,
   * context `throughputLimits`, JSON of the rows that differ): every function gets them as
   * THROUGHPUT_LIMITS, and the queued jobs' concurrency is derived from them. `sms-texts` is the
   * origination identity's throughput.
   */
  readonly throughput: Readonly<Record<ThroughputBucket, ThroughputRate>>;
}

export const stageConfig = (
  name: string,
  throughput: Partial<Record<ThroughputBucket, ThroughputRate>> = {},
): StageConfig => {
  if (!STAGE_PATTERN.test(name)) {
    throw new Error(
      `Invalid stage "${name}": use 1-20 lower-case letters, digits or hyphens, starting with a letter (-c stage=NAME).`,
    );
  }
  const isProd = name === PRODUCTION_STAGE;
  return {
    name,
    label: name
      .split('-')
      .filter(Boolean)
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join(''),
    isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: isProd ? RetentionDays.SIX_MONTHS : RetentionDays.ONE_MONTH,
    accessLogRetentionDays: isProd ? 365 : 30,
    appUrlParameterName: `/sailpost/${name}/app-url`,
    scheduleGroupName: `sailpost-${name}`,
    throughput: { ...THROUGHPUT_BUCKETS, ...throughput },
  };
};
