import { declareFunction } from '#functions/core/bindings';

export const declaration = declareFunction({
  bindings: { table: 'read', secrets: ['tokenKey', 'originKey'] },
});
