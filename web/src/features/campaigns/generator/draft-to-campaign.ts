import type { CampaignDraft } from '#shared/contract/ai';
import type { CreateCampaignBody } from '#shared/contract/campaigns';
import { BRAND_VOICE_MAX } from '#shared/contract/companies';
import { SENTIMENT_POSITIVE_THRESHOLD } from '#shared/domain/ai-campaigns';
import { defaultCampaignDates } from '#shared/domain/campaign-dates';
import {
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_NAME_MAX,
  CONTENT_INSTRUCTIONS_MAX,
  DEFAULT_CAMPAIGN_STATUS,
  KEY_MESSAGE_MAX,
  MAX_KEY_MESSAGES,
  MEDIA_DESCRIPTION_MAX,
} from '#shared/domain/campaigns';

const clip = (text: string, max: number) => text.trim().slice(0, max).trim();

/**
 * 'Use This Campaign': the draft as a new campaign, with the manual form's defaults for what a
 * draft has not got: a draft, from today for 30 days (today in the company's zone). No schedule:
 * the server gives it the company's (weekdays at 9:00 in its zone). Texts are held to the
 * campaign's limits, should a drafter have written past them.
 */
export const campaignBodyFromDraft = (
  companyId: string,
  draft: CampaignDraft,
  companyTimeZone: string,
  now: Date = new Date(),
): CreateCampaignBody => ({
  company: companyId,
  name: clip(draft.name, CAMPAIGN_NAME_MAX),
  description: clip(draft.description, CAMPAIGN_DESCRIPTION_MAX),
  campaignIntention: draft.campaignIntention,
  ...defaultCampaignDates(companyTimeZone, now),
  status: DEFAULT_CAMPAIGN_STATUS,
  platforms: [...draft.platforms],
  contentSeeds: {
    brandVoice: clip(draft.contentSeeds.brandVoice, BRAND_VOICE_MAX),
    keyMessages: draft.contentSeeds.keyMessages
      .map((message) => clip(message, KEY_MESSAGE_MAX))
      .filter(Boolean)
      .slice(0, MAX_KEY_MESSAGES),
    contentInstructions: clip(draft.contentSeeds.contentInstructions, CONTENT_INSTRUCTIONS_MAX),
  },
});

export const mediaDescriptionOf = (description: string) => clip(description, MEDIA_DESCRIPTION_MAX);

/** The feedback's sentiment as the analysis shows it: 'Positive' above 0.5, else 'Negative'. */
export const sentimentLabel = (score: number): 'Positive' | 'Negative' =>
  score > SENTIMENT_POSITIVE_THRESHOLD ? 'Positive' : 'Negative';
