import { describe, expect, it } from 'vitest';
import { withEnvironment } from '#functions/core/environment';
import { metricAlarmSink } from './metric-alarm-sink';
import { alarmSink } from './provider';
import { sandboxAlarmSink } from './sandbox-alarm-sink';

describe('alarm provider', () => {
  it("keeps alarms in the sandbox's list there and counts a CloudWatch metric everywhere else", async () => {
    expect(await withEnvironment({ SANDBOX: 'true' }, alarmSink)).toBe(sandboxAlarmSink);
    expect(await withEnvironment({ SANDBOX: 'false' }, alarmSink)).toBe(metricAlarmSink);
    expect(await withEnvironment({}, alarmSink)).toBe(metricAlarmSink);
  });
});
