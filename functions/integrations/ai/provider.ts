import { config } from '#functions/core/config';
import type { CampaignDrafter } from './campaign-drafter';
import type { CompanyProfileDrafter } from './company-profile-drafter';
import type { ContentDrafter } from './content-drafter';

/**
 * OpenAI where a key is configured; otherwise the offline drafter, which uses only the page's own
 * words. Each is loaded only when chosen, so a function without a key never loads the OpenAI SDK.
 */
export const companyProfileDrafter = async (): Promise<CompanyProfileDrafter> => {
  const { OPENAI_API_KEY, OPENAI_SECRET_ARN } = config();
  return OPENAI_API_KEY || OPENAI_SECRET_ARN
    ? (await import('./openai-drafter')).openAiDrafter
    : (await import('./offline-drafter')).offlineDrafter;
};

/** The campaign generator's drafter, chosen the same way. */
export const campaignDrafter = async (): Promise<CampaignDrafter> => {
  const { OPENAI_API_KEY, OPENAI_SECRET_ARN } = config();
  return OPENAI_API_KEY || OPENAI_SECRET_ARN
    ? (await import('./openai-campaign-drafter')).openAiCampaignDrafter
    : (await import('./offline-campaign-drafter')).offlineCampaignDrafter;
};

/** The post drafter, chosen the same way. */
export const contentDrafter = async (): Promise<ContentDrafter> => {
  const { OPENAI_API_KEY, OPENAI_SECRET_ARN } = config();
  return OPENAI_API_KEY || OPENAI_SECRET_ARN
    ? (await import('./openai-content-drafter')).openAiContentDrafter
    : (await import('./offline-content-drafter')).offlineContentDrafter;
};
