import { declareFunction } from '#functions/core/bindings';

/**
 * The OpenAI key is read only where a stage has one; without it the offline drafter runs. The
 * table is written for the per-user draft quota (functions/ai/draft-quota.ts).
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', secrets: ['tokenKey', 'openAiKey', 'originKey'] },
});
