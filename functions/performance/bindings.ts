import { declareFunction } from '#functions/core/bindings';

/**
 * How posts did and the best times: reads the company's stored results and their aggregates
 * (written by the results-collection job). Nothing else: no secrets beyond the session's.
 */
export const declaration = declareFunction({
  bindings: {
    table: 'read',
    secrets: ['tokenKey', 'originKey'],
  },
});
