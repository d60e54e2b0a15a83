import { afterEach, describe, expect, it, vi } from 'vitest';
import { emfRecord, putCountMetric } from './metrics';

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
