import { declareFunction } from '#functions/core/bindings';

/** The probe counts its runs in the table. */
export const declaration = declareFunction({ bindings: { table: 'read-write' } });
