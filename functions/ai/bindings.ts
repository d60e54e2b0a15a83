import { declareFunction } from '#functions/core/bindings';

/**
 * The OpenAI key is read only where a stage has one; without it the offline drafter runs. The
 * table is written for the per-user draft quota (functions/ai/draft-quota.ts), the campaign
 * generations and the fair-use counters; generations are drafted by the campaign-generation job,
 * started from here. Describing an image waits for the model inside the request, so the group has
 * nearly all of API Gateway's 30 s.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    starts: ['campaign-generation'],
    secrets: ['tokenKey', 'openAiKey', 'originKey'],
  },
  timeoutSeconds: 28,
});
