import type { CountMetric } from '#functions/core/metrics';

/** Something operators must hear about at once: a metric the stack alarms on, and what happened. */
export interface Alarm extends CountMetric {
  /** For people: what tripped (logged, and shown in the sandbox). */
  readonly message: string;
}

export interface AlarmSink {
  raise(alarm: Alarm): Promise<void>;
}
