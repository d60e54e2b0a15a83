import { declareFunction } from '#functions/core/bindings';

/**
 * Drafts one AI campaign generation: reads the websites named (outbound HTTPS through the
 * SSRF-safe reader; the function runs outside any VPC), asks the drafter (OpenAI with the key,
 * offline without), and writes the result to the generation. A model's answer can take well over
 * API Gateway's 30 s, hence a job: three minutes, past the OpenAI campaign drafter's own deadline
 * for all its attempts (150 s), so the drafter always ends first and its failure is recorded;
 * GENERATION_LOST_AFTER_MS (5 minutes from the worker's last start) covers a crash.
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', secrets: ['openAiKey'] },
  timeoutSeconds: 180,
});
