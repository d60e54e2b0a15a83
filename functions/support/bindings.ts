import { declareFunction } from '#functions/core/bindings';

/**
 * Support tickets: the table (tickets, their responses, the daily count of new tickets), the media
 * bucket (attachments are uploaded through presigned POSTs, checked by their bytes and linked
 * through signed GETs), email (a staff reply to the owner, a new ticket to the support address),
 * the web app's address for the links in them, and the one-time schedule that closes a resolved
 * ticket after a week without a reply.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read-write',
    email: true,
    appUrl: true,
    schedules: ['ticket-auto-close'],
    secrets: ['tokenKey', 'originKey'],
  },
});
