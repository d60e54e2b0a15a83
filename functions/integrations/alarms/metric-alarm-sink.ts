import { putCountMetric } from '#functions/core/metrics';
import type { AlarmSink } from './alarm-sink';

/** AWS: one occurrence of the metric; the stack's CloudWatch alarm on it notifies the operators. */
export const metricAlarmSink: AlarmSink = {
  raise: async (alarm) => {
    putCountMetric(alarm);
  },
};
