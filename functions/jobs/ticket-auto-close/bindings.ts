import { declareFunction } from '#functions/core/bindings';

/** Closes a resolved support ticket that had no reply for a week: the table alone. */
export const declaration = declareFunction({ bindings: { table: 'read-write' } });
