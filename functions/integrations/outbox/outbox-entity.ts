import { Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '#functions/core/db/client';
import { lazy } from '#functions/core/lazy';

/**
 * What the sandbox "sent": every email and text message, kept in the table so the dev inbox
 * (`/_sandbox`) and the tests read them through one query. Never written in AWS.
 */
const outboxEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'outboxMessage', version: '1', service: 'sailpost' },
        attributes: {
          messageId: { type: 'string', required: true },
          channel: { type: ['email', 'sms'] as const, required: true },
          to: { type: 'string', required: true },
          from: { type: 'string' },
          subject: { type: 'string' },
          text: { type: 'string', required: true },
          html: { type: 'string' },
          createdAt: { type: 'string', required: true },
        },
        indexes: {
          byTime: {
            pk: { field: 'pk', composite: [] },
            sk: { field: 'sk', composite: ['createdAt', 'messageId'] },
          },
          byRecipient: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['to'] },
            sk: { field: 'gsi1sk', composite: ['createdAt', 'messageId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type OutboxMessage = EntityItem<ReturnType<typeof outboxEntity>>;

export const recordOutboxMessage = async (
  message: Omit<OutboxMessage, 'messageId' | 'createdAt'>,
): Promise<OutboxMessage> => {
  const item = { ...message, messageId: crypto.randomUUID(), createdAt: new Date().toISOString() };
  await outboxEntity().create(item).go();
  return item;
};

/** Newest first; optionally only one recipient's messages. */
export const listOutboxMessages = async (
  filter: { to?: string; limit?: number; all?: boolean } = {},
): Promise<OutboxMessage[]> => {
  // `all`: every message, page after page (the load simulation counts thousands of texts).
  const options = filter.all
    ? ({ order: 'desc', pages: 'all' } as const)
    : ({ order: 'desc', limit: filter.limit ?? 200 } as const);
  const { data } = filter.to
    ? await outboxEntity().query.byRecipient({ to: filter.to }).go(options)
    : await outboxEntity().query.byTime({}).go(options);
  return data;
};
