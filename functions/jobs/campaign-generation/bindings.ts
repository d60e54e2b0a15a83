import { declareFunction } from '#functions/core/bindings';

/**
 * Drafts one AI campaign generation: reads the websites named (outbound HTTPS through the
 * SSRF-safe reader; the function runs outside any VPC), asks the drafter (OpenAI with the key,
 * offline without), and writes the result to the generation. A model's answer can take well over
 * API Gateway's 30 s, hence a job with two minutes; GENERATION_LOST_AFTER_MS (5 minutes) leaves
 * room for one retried delivery.
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', secrets: ['openAiKey'] },
  timeoutSeconds: 120,
});
