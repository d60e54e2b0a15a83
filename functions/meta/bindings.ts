import { declareFunction } from '#functions/core/bindings';

/**
 * Public configuration and the OpenAPI document: nothing but the code itself, and the origin key
 * every endpoint group checks (requests only through CloudFront).
 */
export const declaration = declareFunction({ bindings: { secrets: ['originKey'] } });
