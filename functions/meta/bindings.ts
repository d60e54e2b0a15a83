import { declareFunction } from '#functions/core/bindings';

/** Public configuration and the OpenAPI document: nothing but the code itself. */
export const declaration = declareFunction({ bindings: {} });
