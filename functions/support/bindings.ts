import { declareFunction } from '#functions/core/bindings';

/**
 * Support tickets: the table (tickets, their responses, the daily count of new tickets), the media
 * bucket (attachments are uploaded through presigned POSTs, checked by their bytes and linked
 * through signed GETs), email (a staff reply to the owner, a new ticket to the support address)
 * and the web app's address for the links in them.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    mediaBucket: 'read-write',
    email: true,
    appUrl: true,
    secrets: ['tokenKey', 'originKey'],
  },
});
