import { declareFunction } from '#functions/core/bindings';

/** Removes every item a deleted company owned (media objects and schedules join as they arrive). */
export const declaration = declareFunction({
  bindings: { table: 'read-write' },
  memoryMb: 1024,
  timeoutSeconds: 900,
});
