import { declareFunction } from '#functions/core/bindings';

/** The OpenAI key is read only where a stage has one; without it the offline drafter runs. */
export const declaration = declareFunction({
  bindings: { table: 'read', secrets: ['tokenKey', 'openAiKey'] },
});
