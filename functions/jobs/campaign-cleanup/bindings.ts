import { declareFunction } from '#functions/core/bindings';

/**
 * Removes what a deleted campaign owned: its media assets and their files, its generated content
 * (and, with the publisher, its posts' schedules).
 */
export const declaration = declareFunction({
  bindings: { table: 'read-write', mediaBucket: 'read-write', schedules: ['publisher'] },
  timeoutSeconds: 300,
});
