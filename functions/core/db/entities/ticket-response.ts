import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import type { StoredAttachment } from './support-ticket';
import { timestampAttributes } from './timestamps';

/**
 * A response to a support ticket, in the ticket's item collection, sorted by its id (a UUIDv7:
 * oldest first). Names its author by id only, so a deleted account's name goes with it.
 * `internal`: a staff note the owner never sees.
 */
export const ticketResponseEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'ticketResponse', version: '1', service: 'sailpost' },
        attributes: {
          ticketId: { type: 'string', required: true, readOnly: true },
          responseId: { type: 'string', required: true, readOnly: true },
          authorId: { type: 'string', required: true, readOnly: true },
          content: { type: 'string', required: true, readOnly: true },
          isStaffResponse: { type: 'boolean', required: true, readOnly: true },
          internal: { type: 'boolean', required: true, default: false, readOnly: true },
          attachments: {
            type: 'list',
            items: { type: CustomAttributeType<StoredAttachment>('any') },
            required: true,
            default: () => [],
            readOnly: true,
          },
          ...timestampAttributes,
        },
        indexes: {
          byTicket: {
            collection: 'ticketItems',
            pk: { field: 'pk', composite: ['ticketId'] },
            sk: { field: 'sk', composite: ['responseId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type TicketResponseRecord = EntityItem<ReturnType<typeof ticketResponseEntity>>;
