import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { PostBody, PublishedPost } from '#shared/contract/platforms';
import type { ConnectablePlatform, ConnectableTable } from '#shared/domain/tiers';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { platformCredentialsKey } from '#web/lib/api/list-platform-credentials';

const twitterRoute = apiRoute('POST /platforms/twitter/post/{companyId}');
const linkedinRoute = apiRoute('POST /platforms/linkedin/companies/{companyId}/post');
const facebookRoute = apiRoute('POST /platforms/facebook/post/{companyId}');
const instagramRoute = apiRoute('POST /platforms/instagram/post/{companyId}');

/** Each platform's Post now route; a platform that cannot be connected yet has none. */
export const POST_NOW: ConnectableTable<
  (companyId: string, body: PostBody) => Promise<PublishedPost>
> = {
  twitter: (companyId, body) => callApi(twitterRoute, { params: { companyId }, body }),
  linkedin: (companyId, body) => callApi(linkedinRoute, { params: { companyId }, body }),
  facebook: (companyId, body) => callApi(facebookRoute, { params: { companyId }, body }),
  instagram: (companyId, body) => callApi(instagramRoute, { params: { companyId }, body }),
};

/** Posts now, as the account connected to the company; the answer links to the published post. */
export const postNow = (
  platform: ConnectablePlatform,
  companyId: string,
  body: PostBody,
): Promise<PublishedPost> => POST_NOW[platform](companyId, body);

/**
 * Posts now, then reads the company's credentials again whatever the outcome: the provider may
 * have refused the account (it then needs reconnecting, and its card says so).
 */
export const usePostNow = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (
      platform: ConnectablePlatform,
      companyId: string,
      body: PostBody,
    ): Promise<PublishedPost> => {
      try {
        return await postNow(platform, companyId, body);
      } finally {
        void mutate(platformCredentialsKey(companyId));
      }
    },
    [mutate],
  );
};
