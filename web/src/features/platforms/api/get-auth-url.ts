import type { ConnectablePlatform } from '#shared/domain/tiers';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';

const twitterRoute = apiRoute('GET /platforms/twitter/auth/{companyId}');
const linkedinRoute = apiRoute('GET /platforms/linkedin/oauth/initiate');

/**
 * The provider's consent page for connecting the company's account ('' when the server gave
 * none). Each provider has its own route, as the spec lists them.
 */
export const fetchAuthUrl = async (
  platform: ConnectablePlatform,
  companyId: string,
): Promise<string> => {
  const { url } =
    platform === 'twitter'
      ? await callApi(twitterRoute, { params: { companyId } })
      : await callApi(linkedinRoute, { query: { companyId } });
  return url;
};
