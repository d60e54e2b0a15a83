import { afterEach, describe, expect, it, vi } from 'vitest';
import { withEnvironment } from './environment';
import { logger } from './logger';
import {
  emfRecord,
  PRODUCT_METRICS,
  productMetricRecord,
  putCountMetric,
  putProductMetric,
} from './metrics';

describe('metrics (CloudWatch embedded metric format)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const metric = {
    name: 'VerificationTextCeilingReached',
    dimensions: { Stage: 'prod', Ceiling: 'minute' },
  };

  it('declares the namespace, the dimensions and a count of one', () => {
    expect(emfRecord(metric, 1_795_000_000_000)).toEqual({
      _aws: {
        Timestamp: 1_795_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: 'Sailpost',
            Dimensions: [['Stage', 'Ceiling']],
            Metrics: [{ Name: 'VerificationTextCeilingReached', Unit: 'Count' }],
          },
        ],
      },
      Stage: 'prod',
      Ceiling: 'minute',
      VerificationTextCeilingReached: 1,
    });
  });

  it('writes one line that is the JSON record alone', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    putCountMetric(metric, 1_795_000_000_000);
    expect(write).toHaveBeenCalledTimes(1);
    const line = String(write.mock.calls[0]![0]);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trimEnd()).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(emfRecord(metric, 1_795_000_000_000));
  });
});

describe('product metrics', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('publishes a split metric under the stage with its split and under the stage alone', () => {
    expect(
      productMetricRecord('PublishLateness', 42.5, 'prod', 'twitter', 1_795_000_000_000),
    ).toEqual({
      _aws: {
        Timestamp: 1_795_000_000_000,
        CloudWatchMetrics: [
          {
            Namespace: 'Sailpost',
            Dimensions: [['Stage', 'Platform'], ['Stage']],
            Metrics: [{ Name: 'PublishLateness', Unit: 'Seconds' }],
          },
        ],
      },
      Stage: 'prod',
      Platform: 'twitter',
      PublishLateness: 42.5,
    });
    expect(productMetricRecord('TextsSent', 1, 'prod', undefined, 1)).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Dimensions: [['Stage']] }] },
      Stage: 'prod',
      TextsSent: 1,
    });
  });

  it('splits by nothing that grows with the customers (no company, user or post)', () => {
    for (const [name, { by }] of Object.entries(PRODUCT_METRICS)) {
      expect([undefined, 'Platform', 'Command'], name).toContain(by);
    }
  });

  it('writes one EMF line in AWS, with the function’s stage', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    withEnvironment({ STAGE: 'prod', SANDBOX: 'false' }, () =>
      putProductMetric('RepliesReceived', 1, 'approve-all'),
    );
    expect(write).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(write.mock.calls[0]![0]))).toMatchObject({
      Stage: 'prod',
      Command: 'approve-all',
      RepliesReceived: 1,
    });
  });

  it('sends nothing towards CloudWatch in the sandbox: a DEBUG log line instead', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const debug = vi.spyOn(logger, 'debug').mockImplementation(() => undefined);
    withEnvironment({ STAGE: 'sandbox', SANDBOX: 'true' }, () => putProductMetric('TextsSent', 1));
    expect(write).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledWith('Metric', expect.objectContaining({ metric: 'TextsSent' }));
  });

  it('never fails the work it measures', () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => {
      throw new Error('stdout is gone');
    });
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    expect(() =>
      withEnvironment({ SANDBOX: 'false' }, () => putProductMetric('TextsFailed', 1)),
    ).not.toThrow();
    expect(warn).toHaveBeenCalledWith('A metric could not be recorded', expect.anything());
  });
});
