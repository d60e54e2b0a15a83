import { declareFunction } from '#functions/core/bindings';

/** Hourly: finds work that lost its trigger (a deleted company whose clean-up never ran) and restarts it. */
export const declaration = declareFunction({
  bindings: { table: 'read', starts: ['company-cleanup'] },
  timeoutSeconds: 300,
});
