import * as z from 'zod';
import type {
  CampaignDraft,
  GenerateCampaignBody,
  Generation,
  GeneratorMedia,
  RefineCampaignBody,
} from '#shared/contract/ai';
import { campaignIntention } from '#shared/contract/campaigns';
import { website } from '#shared/contract/companies';
import { requiredLongText } from '#shared/contract/fields';
import {
  AI_CAMPAIGN_TEXTS,
  AI_FEEDBACK_MAX,
  AI_PROMPT_MAX,
  AI_WEBSITE_URLS_MAX,
} from '#shared/domain/ai-campaigns';
import { DEFAULT_CAMPAIGN_INTENTION } from '#shared/domain/campaigns';

/**
 * Step one: the description (required once trimmed), the intention, and up to three websites
 * (rows for the field array; empty rows are left out). The contract's field builders, so the
 * form and the API say the same things.
 */
export const briefSchema = z.object({
  prompt: requiredLongText('Description', AI_CAMPAIGN_TEXTS.descriptionRequired, AI_PROMPT_MAX),
  campaignIntention: campaignIntention(),
  websiteUrls: z
    .array(z.object({ value: website() }))
    .max(AI_WEBSITE_URLS_MAX, `At most ${AI_WEBSITE_URLS_MAX} websites`),
});
export type BriefInput = z.input<typeof briefSchema>;
export type BriefValues = z.output<typeof briefSchema>;

/** A clear step one: the company's website is the first one to read, when it has one. */
export const emptyBrief = (companyWebsite: string | null | undefined): BriefInput => ({
  prompt: '',
  campaignIntention: DEFAULT_CAMPAIGN_INTENTION,
  websiteUrls: [{ value: companyWebsite?.trim() ?? '' }],
});

/** Step one as a generation asked it (coming back to a generation that is still running). */
export const briefFrom = (input: Generation['input']): BriefInput => ({
  prompt: input.prompt,
  campaignIntention: input.campaignIntention,
  websiteUrls: (input.websiteUrls.length ? input.websiteUrls : ['']).map((value) => ({ value })),
});

export const feedbackSchema = z.object({
  feedback: requiredLongText('Feedback', AI_CAMPAIGN_TEXTS.feedbackRequired, AI_FEEDBACK_MAX),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;
export type FeedbackValues = z.output<typeof feedbackSchema>;

export const generateBodyFrom = (
  companyId: string,
  values: BriefValues,
  mediaAssets: GeneratorMedia[],
): GenerateCampaignBody => ({
  prompt: values.prompt,
  companyId,
  campaignIntention: values.campaignIntention,
  websiteUrls: values.websiteUrls.map((row) => row.value).filter(Boolean),
  mediaAssets,
});

/** The campaign being refined, field by field as the refine body takes it (nothing more). */
const previousCampaignOf = (campaign: CampaignDraft): RefineCampaignBody['previousCampaign'] => ({
  name: campaign.name,
  description: campaign.description,
  campaignIntention: campaign.campaignIntention,
  platforms: [...campaign.platforms],
  contentSeeds: {
    brandVoice: campaign.contentSeeds.brandVoice,
    keyMessages: [...campaign.contentSeeds.keyMessages],
    contentInstructions: campaign.contentSeeds.contentInstructions,
  },
  mediaAssets: campaign.mediaAssets.map(({ fileName, type, usage, description, platforms }) => ({
    fileName,
    type,
    usage,
    description,
    platforms: [...platforms],
  })),
});

/**
 * A refinement of the version shown: the same brief as that version was asked with, the owner's
 * feedback, and that version's campaign; it joins that version's history.
 */
export const refineBodyFrom = (
  companyId: string,
  base: Pick<Generation, 'input' | 'historyId'> & { data: { campaign: CampaignDraft } },
  feedback: string,
): RefineCampaignBody => ({
  prompt: base.input.prompt,
  feedback,
  previousCampaign: previousCampaignOf(base.data.campaign),
  websiteUrls: [...base.input.websiteUrls],
  companyId,
  campaignIntention: base.input.campaignIntention,
  mediaAssets: base.input.mediaAssets.map(({ fileName, type, description }) => ({
    fileName,
    type,
    description,
  })),
  historyId: base.historyId,
});

/** The step-one fields the server may name in `fields`: `websiteUrls.1` → `websiteUrls.1.value`. */
export const BRIEF_FIELDS = [
  'prompt',
  'campaignIntention',
  ...Array.from(
    { length: AI_WEBSITE_URLS_MAX },
    (_, index) => `websiteUrls.${index}.value` as const,
  ),
] as const;
export const briefFieldOf = (serverField: string): string | undefined => {
  const [first, index] = serverField.split('.');
  if (first === 'websiteUrls' && index !== undefined) return `websiteUrls.${index}.value`;
  if (first === 'prompt' || first === 'campaignIntention') return first;
  return undefined;
};
