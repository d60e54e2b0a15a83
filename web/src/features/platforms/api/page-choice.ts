import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { PageChoice, PagePlatform, PlatformCredential } from '#shared/contract/platforms';
import { callApi } from '#web/lib/api-client';
import { apiRoute } from '#web/lib/api-route';
import { platformCredentialsKey } from '#web/lib/api/list-platform-credentials';
import { useQuery } from '#web/lib/query';

const facebookPages = apiRoute('GET /companies/{companyId}/platforms/facebook/pages');
const instagramPages = apiRoute('GET /companies/{companyId}/platforms/instagram/pages');
const chooseFacebook = apiRoute('PUT /companies/{companyId}/platforms/facebook/page');
const chooseInstagram = apiRoute('PUT /companies/{companyId}/platforms/instagram/page');

/** Each platform connected through a Facebook Page: where its Pages are read and one chosen. */
const PAGE_ROUTES: Record<
  PagePlatform,
  {
    list: (companyId: string) => Promise<PageChoice>;
    choose: (companyId: string, pageId: string) => Promise<PlatformCredential>;
  }
> = {
  facebook: {
    list: (companyId) => callApi(facebookPages, { params: { companyId } }),
    choose: (companyId, pageId) =>
      callApi(chooseFacebook, { params: { companyId }, body: { pageId } }),
  },
  instagram: {
    list: (companyId) => callApi(instagramPages, { params: { companyId } }),
    choose: (companyId, pageId) =>
      callApi(chooseInstagram, { params: { companyId }, body: { pageId } }),
  },
};

export const pageChoiceKey = (companyId: string, platform: PagePlatform) =>
  ['page-choice', companyId, platform] as const;

/** The Pages a consent just granted, while the owner chooses one (null: nothing to read). */
export const usePageChoice = (companyId: string | undefined, platform: PagePlatform | null) =>
  useQuery(
    companyId && platform ? pageChoiceKey(companyId, platform) : null,
    () => PAGE_ROUTES[platform!].list(companyId!),
    // One read per opening: a retry repeats a refusal the owner should read at once.
    { errorRetryCount: 0 },
  );

/** Connects the chosen Page; the company's connections are then read again. */
export const useChoosePage = () => {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (
      companyId: string,
      platform: PagePlatform,
      pageId: string,
    ): Promise<PlatformCredential> => {
      const credential = await PAGE_ROUTES[platform].choose(companyId, pageId);
      void mutate(platformCredentialsKey(companyId));
      return credential;
    },
    [mutate],
  );
};
