import { declareFunction } from '#functions/core/bindings';

/**
 * Hourly: finds work that lost its trigger (a deleted company or campaign whose clean-up never
 * ran) and restarts it. It writes to the table only to claim its tick (defineJob's idempotency).
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', starts: ['company-cleanup', 'campaign-cleanup'] },
  timeoutSeconds: 300,
});
