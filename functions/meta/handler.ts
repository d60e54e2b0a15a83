import { routes } from '#shared/contract/manifest';
import { metaRoutes } from '#shared/contract/meta';
import { buildOpenApiDocument } from '#shared/contract/openapi';
import { config } from '../core/config';
import { lazy } from '../core/lazy';
import { createGroupHandler } from '../core/http/group-handler';

const openApiDocument = lazy(() => buildOpenApiDocument(routes));

export const handler = createGroupHandler(metaRoutes, {
  config: async () => {
    const { STAGE, SANDBOX, GOOGLE_CLIENT_ID, GA4_MEASUREMENT_ID } = config();
    return {
      stage: STAGE,
      sandbox: SANDBOX,
      googleSignIn: Boolean(GOOGLE_CLIENT_ID),
      analytics: GA4_MEASUREMENT_ID ? { measurementId: GA4_MEASUREMENT_ID } : null,
    };
  },
  openapi: async () => openApiDocument(),
});
