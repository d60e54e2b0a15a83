import { config } from '#functions/core/config';
import type { AlarmSink } from './alarm-sink';

/**
 * A CloudWatch metric (embedded in the log) in AWS; the sandbox's own list, shown at /_sandbox,
 * locally. Loaded only when an alarm is raised.
 */
export const alarmSink = async (): Promise<AlarmSink> =>
  config().SANDBOX
    ? (await import('./sandbox-alarm-sink')).sandboxAlarmSink
    : (await import('./metric-alarm-sink')).metricAlarmSink;
