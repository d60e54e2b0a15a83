import { declareFunction } from '#functions/core/bindings';

/**
 * Public configuration and the OpenAPI document: nothing but the code itself, the origin key
 * every endpoint group checks (requests only through CloudFront), Google's client id (the id
 * alone) that shows "Continue with Google", and the GA4 measurement id analytics is sent to.
 */
export const declaration = declareFunction({
  bindings: { googleClientId: true, analyticsId: true, secrets: ['originKey'] },
});
