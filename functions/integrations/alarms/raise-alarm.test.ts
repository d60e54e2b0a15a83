import { afterEach, describe, expect, it, vi } from 'vitest';
import { raiseAlarm } from './raise-alarm';
import { withEnvironment } from '../../core/environment';
import { logger } from '../../core/logger';

describe('raiseAlarm', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const alarm = {
    name: 'VerificationTextCeilingReached',
    dimensions: { Stage: 'prod', Ceiling: 'day' },
    message: "The product's daily ceiling of verification texts was reached",
  };

  it('in AWS, logs a warning and writes the metric as one EMF line', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await withEnvironment({ SANDBOX: 'false' }, () => raiseAlarm(alarm));
    expect(warn).toHaveBeenCalledWith(alarm.message, {
      alarm: 'VerificationTextCeilingReached',
      Stage: 'prod',
      Ceiling: 'day',
    });
    expect(write).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(write.mock.calls[0]![0]))).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Namespace: 'Sailpost' }] },
      Stage: 'prod',
      Ceiling: 'day',
      VerificationTextCeilingReached: 1,
    });
  });

  it('never fails the request that tripped it', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => {
      throw new Error('stdout is gone');
    });
    await expect(
      withEnvironment({ SANDBOX: 'false' }, () => raiseAlarm(alarm)),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('An alarm could not be raised', expect.anything());
  });
});
