import { declareFunction } from '#functions/core/bindings';

/** Looks the address up and emails a reset link: the table, email, and the app's URL for the link. */
export const declaration = declareFunction({
  bindings: { table: 'read-write', email: true, appUrl: true },
});
