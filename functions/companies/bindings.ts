import { declareFunction } from '#functions/core/bindings';

/** Deleting a company marks it at once and starts the clean-up job that removes what it owns. */
export const declaration = declareFunction({
  bindings: {
    table: 'read-write',
    secrets: ['tokenKey', 'originKey'],
    starts: ['company-cleanup'],
  },
});
