import { declareFunction } from '#functions/core/bindings';

/** Emails a forum reply's thread participants: the table, email, and the app's URL for the link. */
export const declaration = declareFunction({
  bindings: { table: 'read-write', email: true, appUrl: true },
});
