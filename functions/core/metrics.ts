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
