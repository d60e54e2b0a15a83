import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type SupportAttachmentContentType,
} from '#shared/domain/support';
import { db, tableName } from '../client';
import { lazy } from '#functions/core/lazy';
import { timestampAttributes } from './timestamps';

/** A file on a ticket or a response, as stored beside it (its object under the ticket's prefix). */
export interface StoredAttachment {
  attachmentId: string;
  key: string;
  name: string;
  contentType: SupportAttachmentContentType;
  size: number;
}

/** The one partition of the every-ticket index (staff's unfiltered list). */
export const ALL_TICKETS = 'all';

/**
 * A support ticket, in its own item collection with its responses (ticket-response.ts). It names
 * its owner by id only — never their name or address — so deleting the account leaves the ticket
 * anonymous. Three indexes, so no list scans: the owner's tickets (gsi1), one status's tickets
 * (gsi2, the staff queue) and every ticket (gsi3, one partition: support volume is small), each
 * sorted by last activity. The response count, the last activity and `staffReplied` move with
 * each visible response in one transaction; internal notes leave the ticket untouched.
 */
export const supportTicketEntity = lazy(
  () =>
    new Entity(
      {
        model: { entity: 'supportTicket', version: '1', service: 'sailpost' },
        attributes: {
          ticketId: { type: 'string', required: true, readOnly: true },
          ownerId: { type: 'string', required: true, readOnly: true },
          subject: { type: 'string', required: true, readOnly: true },
          description: { type: 'string', required: true, readOnly: true },
          priority: { type: TICKET_PRIORITIES, required: true },
          status: { type: TICKET_STATUSES, required: true },
          /** The company the ticket is about; absent when none was chosen. */
          companyId: { type: 'string', readOnly: true },
          /** What the app reported (browser, page) and the plan the server read then. */
          contextBrowser: { type: 'string', required: true, default: '', readOnly: true },
          contextPage: { type: 'string', required: true, default: '', readOnly: true },
          contextPlan: { type: 'string', readOnly: true },
          attachments: {
            type: 'list',
            items: { type: CustomAttributeType<StoredAttachment>('any') },
            required: true,
            default: () => [],
            readOnly: true,
          },
          firstResponseDueAt: { type: 'string', required: true, readOnly: true },
          firstRespondedAt: { type: 'string' },
          assigneeId: { type: 'string' },
          /** Visible responses only. */
          responseCount: { type: 'number', required: true, default: 0 },
          /** The latest visible response is staff's. */
          staffReplied: { type: 'boolean', required: true, default: false },
          lastActivityAt: { type: 'string', required: true },
          /** When it last became resolved (its auto-close counts from the activity then). */
          resolvedAt: { type: 'string' },
          closedAt: { type: 'string' },
          queue: {
            type: [ALL_TICKETS] as const,
            required: true,
            default: ALL_TICKETS,
            hidden: true,
          },
          ...timestampAttributes,
        },
        indexes: {
          byId: {
            collection: 'ticketItems',
            pk: { field: 'pk', composite: ['ticketId'] },
            sk: { field: 'sk', composite: [] },
          },
          byOwner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['ownerId'] },
            sk: { field: 'gsi1sk', composite: ['lastActivityAt', 'ticketId'] },
          },
          byStatus: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['status'] },
            sk: { field: 'gsi2sk', composite: ['lastActivityAt', 'ticketId'] },
          },
          everyTicket: {
            index: 'gsi3',
            pk: { field: 'gsi3pk', composite: ['queue'] },
            sk: { field: 'gsi3sk', composite: ['lastActivityAt', 'ticketId'] },
          },
        },
      },
      { table: tableName(), client: db() },
    ),
);

export type SupportTicketRecord = EntityItem<ReturnType<typeof supportTicketEntity>>;
