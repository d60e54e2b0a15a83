import { config } from './config';
import { logger } from './logger';

/**
 * CloudWatch metrics from a function, as embedded metric format (EMF): one JSON log line that
 * CloudWatch Logs turns into a metric data point, with no API call, no grant beyond writing the
 * function's own logs, and no SDK. The stack's alarms watch these metrics.
 */

/** Every metric of the product is in this namespace. */
export const METRICS_NAMESPACE = 'Sailpost';

export interface CountMetric {
  /** `VerificationTextCeilingReached`: names what happened, counted once per occurrence. */
  readonly name: string;
  /** Each becomes a dimension of the metric (an alarm names the exact values it watches). */
  readonly dimensions: Readonly<Record<string, string>>;
}

/** The EMF record of one occurrence at `timestamp` (epoch milliseconds). */
export const emfRecord = (metric: CountMetric, timestamp: number): Record<string, unknown> => ({
  _aws: {
    Timestamp: timestamp,
    CloudWatchMetrics: [
      {
        Namespace: METRICS_NAMESPACE,
        Dimensions: [Object.keys(metric.dimensions)],
        Metrics: [{ Name: metric.name, Unit: 'Count' }],
      },
    ],
  },
  ...metric.dimensions,
  [metric.name]: 1,
});

/**
 * Counts one occurrence. Written straight to stdout, not through console or the logger: Lambda
 * prefixes console lines with a time and request id, and CloudWatch reads EMF only from a line
 * that is the JSON object alone.
 */
export const putCountMetric = (metric: CountMetric, now: number = Date.now()): void => {
  process.stdout.write(`${JSON.stringify(emfRecord(metric, now))}\n`);
};

/**
 * The product's business and health metrics: what each measures, its unit, and the one dimension
 * besides `Stage` it is split by. Dimensions are few and bounded on purpose (a platform, a reply
 * command), never a company or a user: every distinct value is a metric billed by the month.
 * The stack's alarms and dashboard name these (infra/constructs/operations-*.ts).
 */
export const PRODUCT_METRICS = {
  /** A post went out (counted once, when its publication is recorded). */
  PostsPublished: { unit: 'Count', by: 'Platform' },
  /** A post was recorded failed (the owner is told); a retry scheduled is not a failure. */
  PostsFailed: { unit: 'Count', by: 'Platform' },
  /** Seconds between a published post's slot and its publication. */
  PublishLateness: { unit: 'Seconds', by: 'Platform' },
  /** A post drafted by the AI (or the offline drafter). */
  DraftsGenerated: { unit: 'Count', by: 'Platform' },
  /** How long the drafter took for one post. */
  DraftLatency: { unit: 'Milliseconds', by: 'Platform' },
  /** A text handed to the SMS service (or the sandbox's outbox). */
  TextsSent: { unit: 'Count', by: undefined },
  /** A text the SMS service refused (opted out, throttled, failed). */
  TextsFailed: { unit: 'Count', by: undefined },
  /** An owner's text reply, by what it asked (`approve-all`, `reject`, `stop`, …). */
  RepliesReceived: { unit: 'Count', by: 'Command' },
} as const satisfies Record<string, { unit: string; by: string | undefined }>;

export type ProductMetric = keyof typeof PRODUCT_METRICS;

type SplitBy<M extends ProductMetric> = (typeof PRODUCT_METRICS)[M]['by'];

/** The value of the metric's one dimension (a platform id, a reply's command), when it has one. */
type DimensionArgument<M extends ProductMetric> = SplitBy<M> extends string ? [split: string] : [];

/**
 * The EMF record of one value: published twice, under `Stage` with the split and under `Stage`
 * alone, so that an alarm can watch the whole stage without a SEARCH over every platform.
 */
export const productMetricRecord = (
  metric: ProductMetric,
  value: number,
  stage: string,
  split: string | undefined,
  timestamp: number,
): Record<string, unknown> => {
  const { unit, by } = PRODUCT_METRICS[metric];
  const dimensions = by && split !== undefined ? { Stage: stage, [by]: split } : { Stage: stage };
  return {
    _aws: {
      Timestamp: timestamp,
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: by && split !== undefined ? [['Stage', by], ['Stage']] : [['Stage']],
          Metrics: [{ Name: metric, Unit: unit }],
        },
      ],
    },
    ...dimensions,
    [metric]: value,
  };
};

/**
 * Records one value of a product metric. In AWS: one EMF line on stdout (CloudWatch makes it a
 * data point; no API call). In the sandbox: a DEBUG log line (`LOG_LEVEL=DEBUG` shows them), never
 * anything sent to AWS. Never throws: a metric is never worth failing the work it measures.
 */
export const putProductMetric = <M extends ProductMetric>(
  metric: M,
  value: number,
  ...[split]: DimensionArgument<M>
): void => {
  try {
    const { STAGE, SANDBOX } = config();
    const record = productMetricRecord(metric, value, STAGE, split, Date.now());
    if (SANDBOX) {
      logger.debug('Metric', { metric, value, unit: PRODUCT_METRICS[metric].unit, split });
      return;
    }
    process.stdout.write(`${JSON.stringify(record)}\n`);
  } catch (error) {
    logger.warn('A metric could not be recorded', { metric, error: error as Error });
  }
};
