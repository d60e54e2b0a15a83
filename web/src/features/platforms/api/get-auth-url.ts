import type { ConnectablePlatform, ConnectableTable } from '#shared/domain/tiers';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const twitterRoute = apiRoute('GET /platforms/twitter/auth/{companyId}');
const linkedinRoute = apiRoute('GET /platforms/linkedin/oauth/initiate');
const facebookRoute = apiRoute('GET /platforms/facebook/auth/{companyId}');
const instagramRoute = apiRoute('GET /platforms/instagram/auth/{companyId}');

/**
 * Where each platform's connection starts. Each provider has its own route, as the spec lists
 * them; a platform that cannot be connected yet has none (its card says Coming Soon).
 */
export const AUTH_STARTS: ConnectableTable<(companyId: string) => Promise<{ url: string }>> = {
  twitter: (companyId) => callApi(twitterRoute, { params: { companyId } }),
  linkedin: (companyId) => callApi(linkedinRoute, { query: { companyId } }),
  facebook: (companyId) => callApi(facebookRoute, { params: { companyId } }),
  instagram: (companyId) => callApi(instagramRoute, { params: { companyId } }),
};

/** The provider's consent page for connecting the company's account ('' when the server gave none). */
export const fetchAuthUrl = async (
  platform: ConnectablePlatform,
  companyId: string,
): Promise<string> => {
  const { url } = await AUTH_STARTS[platform](companyId);
  return url;
};
