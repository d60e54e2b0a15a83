import { alarmSink } from '#functions/integrations/alarms/provider';
import type { Alarm } from '#functions/integrations/alarms/alarm-sink';
import { logger } from '../../core/logger';

/**
 * Tells the operators at once: a WARN log line, and the alarm's metric (a CloudWatch alarm in the
 * stack watches it; the sandbox lists it at /_sandbox). Never fails the request that tripped it:
 * the answer to the caller matters more than the signal.
 */
export const raiseAlarm = async (alarm: Alarm): Promise<void> => {
  logger.warn(alarm.message, { alarm: alarm.name, ...alarm.dimensions });
  try {
    await (await alarmSink()).raise(alarm);
  } catch (error) {
    logger.error('An alarm could not be raised', { alarm: alarm.name, error });
  }
};
