import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '#functions/core/db/client';
import { lazy } from '#functions/core/lazy';
import type { AlarmSink } from './alarm-sink';

/**
 * The sandbox has no CloudWatch: each alarm raised is kept in the table instead, newest first,
 * for the Alarms panel of the dev inbox (`/_sandbox`) and its JSON (`/_sandbox/api/alarms`).
 * Never written in AWS.
 */
const sandboxAlarmEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'sandboxAlarm', version: '1', service: 'sailpost' },
        attributes: {
          alarmId: { type: 'string', required: true },
          metric: { type: 'string', required: true },
          dimensions: { type: 'any', required: true },
          message: { type: 'string', required: true },
          raisedAt: { type: 'string', required: true },
        },
        indexes: {
          byTime: {
            pk: { field: 'pk', composite: [] },
            sk: { field: 'sk', composite: ['raisedAt', 'alarmId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type SandboxAlarm = Omit<EntityItem<ReturnType<typeof sandboxAlarmEntity>>, 'dimensions'> & {
  dimensions: Record<string, string>;
};

export const sandboxAlarmSink: AlarmSink = {
  raise: async ({ name, dimensions, message }) => {
    await sandboxAlarmEntity()
      .create({
        alarmId: crypto.randomUUID(),
        metric: name,
        dimensions: { ...dimensions },
        message,
        raisedAt: new Date().toISOString(),
      })
      .go();
  },
};

/** The alarms raised in this sandbox, newest first. */
export const listSandboxAlarms = async (limit = 50): Promise<SandboxAlarm[]> => {
  const { data } = await sandboxAlarmEntity().query.byTime({}).go({ order: 'desc', limit });
  return data as SandboxAlarm[];
};
