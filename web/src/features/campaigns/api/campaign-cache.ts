import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Campaign } from '#shared/contract/campaigns';
import type { MediaAsset } from '#shared/contract/media';
import { companyOverviewKey } from '#web/lib/api/company-overview';

/** Every page of a company's campaign list is cached under a key that starts with these two. */
export const CAMPAIGN_LIST_KEY = 'campaigns-by-company';
export const campaignKey = (campaignId: string) => ['campaign', campaignId] as const;

const isListOf = (companyId: string) => (key: unknown) =>
  Array.isArray(key) && key[0] === CAMPAIGN_LIST_KEY && key[1] === companyId;

/**
 * After a campaign changes: its cached copy takes the server's answer (or goes, once deleted), and
 * the company's campaign list (every page) and its overview (counts, Recent Activity) are read
 * again.
 */
export const useCampaignCache = () => {
  const { mutate } = useSWRConfig();
  const refreshCompany = useCallback(
    (companyId: string) => {
      void mutate(isListOf(companyId));
      void mutate(companyOverviewKey(companyId));
    },
    [mutate],
  );
  const store = useCallback(
    (campaign: Campaign) => {
      void mutate(campaignKey(campaign._id), campaign, { revalidate: false });
      refreshCompany(campaign.company);
    },
    [mutate, refreshCompany],
  );
  const forget = useCallback(
    (campaignId: string, companyId: string) => {
      void mutate(campaignKey(campaignId), undefined, { revalidate: false });
      refreshCompany(companyId);
    },
    [mutate, refreshCompany],
  );
  /**
   * The campaign's media changed: its cached copy shows the change at once, then the campaign is
   * read again (its links, its order), and the list (its media counts).
   */
  const changeMedia = useCallback(
    (
      campaignId: string,
      companyId: string,
      change: (assets: readonly MediaAsset[]) => MediaAsset[],
    ) => {
      void mutate<Campaign>(
        campaignKey(campaignId),
        (campaign) =>
          campaign && {
            ...campaign,
            contentSeeds: {
              ...campaign.contentSeeds,
              mediaAssets: change(campaign.contentSeeds.mediaAssets),
            },
          },
        { revalidate: true },
      );
      void mutate(isListOf(companyId));
    },
    [mutate],
  );
  /** Reads the campaign again (its media links expire). */
  const refreshCampaign = useCallback(
    (campaignId: string) => void mutate(campaignKey(campaignId)),
    [mutate],
  );
  return { store, forget, changeMedia, refreshCampaign };
};
